/**
 * A series begun so long ago that its rule gives more dates before the horizon than a rule may
 * walk (MAX_WALK: a daily rule since 1960), begun again later: at an occurrence of its rule some
 * years before the horizon, so that its newest 1,000 occurrences are made, as for any series
 * begun long ago, without walking every date since its start. The new start is its old one
 * moved by whole periods of the rule (INTERVAL days, weeks, months or years), which keeps the
 * rule's phase (every other week stays the same weeks), then on to the rule's first date from
 * there. A rule with COUNT is not moved: its count begins at its start.
 */
import { DateTime } from 'luxon';
import { MAX_OCCURRENCES } from '#shared/series/occurrences.ts';
import {
  expandSlots,
  firstRuleSlot,
  MAX_WALK,
  RuleOutOfReach,
  slotEnd,
  wallDuration,
  type Recurrence,
  type SeriesTimes,
} from '#shared/series/recurrence.ts';
import type { EventTimes } from './ics-read-times.ts';
import { partsOf } from '#shared/series/rule-parts.ts';

/** Years before the horizon tried for the new start, nearest first. */
const YEARS_BACK = [3, 6, 12, 25, 50, 100];
const UNIT: Record<string, 'days' | 'weeks' | 'months' | 'years'> = {
  DAILY: 'days',
  WEEKLY: 'weeks',
  MONTHLY: 'months',
  YEARLY: 'years',
};
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** The start moved by whole periods to at most `target`, when that date exists. */
function movedStart(start: string, target: string, unit: string, interval: number) {
  const from = DateTime.fromFormat(start, FORMAT, { zone: 'utc' });
  const to = DateTime.fromFormat(target, FORMAT, { zone: 'utc' });
  const periods = Math.floor(to.diff(from, unit as 'days').as(unit as 'days') / interval);
  // A month's 31st or 29 February: fewer periods, until the date exists (at most a few).
  for (let back = 0; back < 12 && periods - back > 0; back += 1) {
    const moved = from.plus({ [unit]: (periods - back) * interval });
    if (unit === 'days' || unit === 'weeks' || moved.day === from.day)
      return moved.toFormat(FORMAT);
  }
  return undefined;
}

/**
 * The later start (a slot the rule gives) from which the rule gives at least `keep` dates up
 * to `horizon` within MAX_WALK, or undefined when the rule cannot be begun again.
 */
function laterStart(series: SeriesTimes, horizon: string, keep: number) {
  const parts = partsOf(series.recurrence.rrule);
  const unit = UNIT[parts.get('FREQ') ?? ''];
  if (!unit || parts.has('COUNT')) return undefined;
  const interval = Number(parts.get('INTERVAL') ?? 1) || 1;
  const horizonTime = DateTime.fromFormat(horizon, FORMAT, { zone: 'utc' });
  for (const years of YEARS_BACK) {
    const target = horizonTime.minus({ years }).toFormat(FORMAT);
    if (target <= series.start) return undefined;
    const anchor = movedStart(series.start, target, unit, interval);
    if (!anchor) continue;
    const rule = { ...series.recurrence, rdates: [], exdates: [] };
    const start = firstRuleSlot({ ...series, start: anchor, recurrence: rule });
    if (!start || start > horizon) continue;
    try {
      const slots = expandSlots({ ...series, start, recurrence: rule }, horizon, MAX_WALK);
      if (slots.length >= keep) return start;
    } catch (error) {
      if (error instanceof RuleOutOfReach) return undefined;
      throw error;
    }
  }
  return undefined;
}

/**
 * The series' times begun again later (laterStart) when its rule gives more than MAX_WALK
 * dates from its start to the horizon; undefined when it need not or cannot be.
 */
export function begunLater(
  times: EventTimes,
  recurrence: Recurrence,
  horizon: string,
): EventTimes | undefined {
  if (!recurrence.rrule.trim()) return undefined;
  try {
    expandSlots({ ...times, recurrence }, horizon, MAX_WALK);
    return undefined;
  } catch (error) {
    if (!(error instanceof RuleOutOfReach)) throw error;
  }
  const start = laterStart({ ...times, recurrence }, horizon, MAX_OCCURRENCES);
  if (start === undefined) return undefined;
  return { ...times, start, end: slotEnd(start, wallDuration(times.start, times.end)) };
}
