/**
 * Dates of events. For lists: TEC's default window (from the start of yesterday to the end of
 * the day 24 months ahead, as PHP reckons them in UTC), relative bounds that drop the
 * defaults, and whole days unless strict_dates. For writes: local times in the event's zone,
 * all-day events snapped to whole days, an end before the start moved to the start.
 */
import { DateTime } from 'luxon';
import type { EventListQuery } from '#shared/schemas/event.ts';
import {
  formatDateTime,
  isAbsoluteDateInput,
  isDateTime,
  parseDateInput,
  snapEventTimes,
  type EventTimes,
} from '#shared/time/datetime.ts';
import { zoneNamed } from '#shared/time/cached-zone.ts';
import { calendarDay } from '#shared/time/calendar-day.ts';
import { invalidParams } from '../errors.ts';

type Bound =
  'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';
const RELATIVE: readonly Bound[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after'];

export type ListWindow = {
  /** True when a bound was relative to now ("now", "+1 week"), so the answer must not be kept. */
  relativeToNow: boolean;
  /** UTC `YYYY-MM-DD HH:MM:SS` per bound that applies. */
  utc: Partial<Record<Bound, string>>;
  /** The bounds that apply, as local times in the calendar's zone. */
  local: [Bound, string][];
};

function read(value: string | number, name: string, zone: string, now: Date): DateTime {
  const parsed = parseDateInput(value, zone, now);
  if (!parsed) throw invalidParams({ [name]: `${name} is not a date we can read` });
  return parsed.setZone(zoneNamed(zone));
}

/** Whole seconds: the store and the wire have no milliseconds. */
const second = (value: DateTime) => value.set({ millisecond: 0 });

/**
 * TEC's default window, which PHP computes in UTC: "yesterday 23:59" is UTC's yesterday, seen in
 * the calendar's zone (the index shows `2026-11-27 18:59:00` in New York at 01:00 UTC on the
 * 28th); "+24 months" is UTC's wall time then, read as the zone's. Outside strict mode they
 * become whole days, so from midnight UTC until midnight in a zone west of it (00:00–05:00 UTC
 * in New York) the window starts on the zone's today, and in a zone east of UTC it always does.
 */
export function tecDefaultBounds(now: Date, zone: string): { start: DateTime; end: DateTime } {
  const utcNow = second(DateTime.fromJSDate(now, { zone: 'utc' }));
  const start = utcNow.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0 });
  return {
    start: start.setZone(zoneNamed(zone)),
    end: utcNow.plus({ months: 24 }).setZone(zoneNamed(zone), { keepLocalTime: true }),
  };
}

export function listWindow(query: EventListQuery, zone: string, now: Date): ListWindow {
  if (query.include) return { relativeToNow: false, utc: {}, local: [] };
  const relative = RELATIVE.some((bound) => query[bound] !== undefined);
  const given: Partial<Record<Bound, DateTime>> = {};
  for (const bound of ['start_date', 'end_date', ...RELATIVE] as const) {
    const value = query[bound];
    if (value !== undefined) given[bound] = read(value, bound, zone, now);
  }
  if (!relative) {
    const defaults = tecDefaultBounds(now, zone);
    given.start_date ??= defaults.start;
    given.end_date ??= defaults.end;
  }
  const utc: ListWindow['utc'] = {};
  const local: [Bound, string][] = [];
  for (const bound of ['start_date', 'end_date', ...RELATIVE] as const) {
    let value = given[bound];
    if (!value) continue;
    if (!query.strict_dates)
      value = bound === 'start_date' ? value.startOf('day') : second(value.endOf('day'));
    utc[bound] = formatDateTime(value.setZone('UTC'));
    local.push([bound, formatDateTime(value)]);
  }
  const relativeToNow = (['start_date', 'end_date', ...RELATIVE] as const).some((bound) => {
    const value = query[bound];
    return value !== undefined && !isAbsoluteDateInput(value);
  });
  return { relativeToNow, utc, local };
}

/** Windows kept per calendar day (distinct bound sets). */
const MAX_WINDOWS = 1000;

export type ListWindows = ReturnType<typeof createListWindows>;

/**
 * `listWindow`, kept for the calendar's day: a window that is not relative to now is the same
 * all day, and reading its dates with Luxon was a tenth of an uncached list's time.
 */
export function createListWindows() {
  let kept = new Map<string, ListWindow>();
  let keptFor = '';
  return (query: EventListQuery, zone: string, now: Date): ListWindow => {
    // TEC's default window follows UTC's date, the other bounds the zone's.
    const day = `${zone} ${calendarDay(zone, now)} ${calendarDay('UTC', now)}`;
    if (day !== keptFor) {
      kept = new Map();
      keptFor = day;
    }
    const bounds = (['start_date', 'end_date', ...RELATIVE] as const).map((bound) => query[bound]);
    const key = JSON.stringify([query.include !== undefined, query.strict_dates, ...bounds]);
    const known = kept.get(key);
    if (known) return known;
    const window = listWindow(query, zone, now);
    if (!window.relativeToNow && kept.size < MAX_WINDOWS) kept.set(key, window);
    return window;
  };
}

/**
 * An event's date for a write: read as TEC reads it (30 February is 2 March), and within the
 * years the store keeps ("+10000 years" reads, but is no date the store can hold): 400 naming
 * the parameter rather than the record's field.
 */
function readForWrite(value: string | number, name: string, zone: string, now: Date): DateTime {
  const parsed = read(value, name, zone, now);
  const text = formatDateTime(parsed);
  if (!isDateTime(text))
    throw invalidParams({ [name]: `${name}: ${text} is outside the years 0000 to 9999` });
  return parsed;
}

/** Refuses a date that cannot be read or stored (400 naming the parameter). */
export function checkEventDate(value: string | number, name: string, zone: string, now: Date) {
  readForWrite(value, name, zone, now);
}

/** Local and UTC times of an event from what was sent (or kept), in its zone. */
export function eventTimes(
  start: string | number,
  end: string | number,
  zone: string,
  allDay: boolean,
  now: Date,
): EventTimes {
  return snapEventTimes(
    readForWrite(start, 'start_date', zone, now),
    readForWrite(end, 'end_date', zone, now),
    allDay,
  );
}
