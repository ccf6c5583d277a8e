/**
 * Dates of events. For lists: TEC's default window (start of yesterday
 * to the end of the day 24 months ahead, in the calendar's zone), relative bounds that drop the
 * defaults, and whole days unless strict_dates. For writes: local times in the event's zone,
 * all-day events snapped to whole days, an end before the start moved to the start.
 */
import type { DateTime } from 'luxon';
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

export function listWindow(query: EventListQuery, zone: string, now: Date): ListWindow {
  if (query.include) return { relativeToNow: false, utc: {}, local: [] };
  const relative = RELATIVE.some((bound) => query[bound] !== undefined);
  const given: Partial<Record<Bound, DateTime>> = {};
  for (const bound of ['start_date', 'end_date', ...RELATIVE] as const) {
    const value = query[bound];
    if (value !== undefined) given[bound] = read(value, bound, zone, now);
  }
  if (!relative) {
    const today = second(read(now.getTime() / 1000, 'now', zone, now));
    // TEC's default is "yesterday 23:59"; outside strict mode that becomes the start of yesterday.
    given.start_date ??= today.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0 });
    given.end_date ??= today.plus({ months: 24 });
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
    const day = `${zone} ${calendarDay(zone, now)}`;
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
