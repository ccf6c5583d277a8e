/** How far ahead a series' occurrences are stored. */
import { DateTime } from 'luxon';
import { formatDateTime } from '../time/datetime.ts';
import { zoneNamed } from '../time/cached-zone.ts';
import { floating, localOf } from './recurrence.ts';

/** Local wall time `years` ahead of `now` in `zone`: how far occurrences are stored. */
function horizonFrom(now: Date, zone: string, years: number): string {
  return formatDateTime(DateTime.fromJSDate(now).setZone(zoneNamed(zone)).plus({ years }));
}

/**
 * How far a series' occurrences are stored: `years` ahead of now, and at least the first year
 * from the series' own start. A series planned further ahead than the rolling horizon (next
 * season's Tuesdays, made today) then has its first year of occurrences from the day it is
 * made, rather than none until the horizon reaches it; the horizon brings the rest.
 */
export function seriesHorizon(
  now: Date,
  series: { start: string; timezone: string },
  years: number,
): string {
  const rolling = horizonFrom(now, series.timezone, years);
  const firstYear = floating(series.start);
  firstYear.setUTCFullYear(firstYear.getUTCFullYear() + 1);
  const own = localOf(firstYear);
  return own > rolling ? own : rolling;
}
