/**
 * An event's start and end as Marquee keeps them: wall clock `YYYY-MM-DD HH:MM:SS` in one IANA
 * zone. Times in an IANA zone keep their wall clock as written (the store resolves DST gaps the
 * same way for every event); instants are shown in the calendar's zone.
 */
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import { zoneNamed } from '#shared/time/cached-zone.ts';
import type { FileEvent } from '../file-records.ts';
import type { Place, Zones } from './ics-read-zones.ts';

export type EventTimes = Pick<FileEvent, 'start' | 'end' | 'timezone' | 'allDay' | 'zoneUnsaid'>;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function dateOf(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

function wallOf(time: ICAL.Time): string {
  return `${dateOf(time)} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function millisOf(time: ICAL.Time, place: Place, zones: Zones): number {
  const { year, month, day, hour, minute, second } = time;
  if (time.zone === ICAL.Timezone.utcTimezone)
    return Date.UTC(year, month - 1, day, hour, minute, second);
  if (place.kind === 'instant') return time.toUnixTime() * 1000;
  const zone = place.kind === 'zoned' ? place.zone : zones.calendarZone;
  return DateTime.fromObject(
    { year, month, day, hour, minute, second },
    { zone: zoneNamed(zone) },
  ).toMillis();
}

/**
 * Offsets through the remembering zone (shared/time/cached-zone.ts): 100k times are many. A
 * manual offset ("UTC+5:30") is named by a string Luxon reads.
 */
function offsetAt(millis: number, zone: string): number {
  const named = zoneNamed(zone);
  if (typeof named !== 'string') return named.offset(millis);
  return IANAZone.isValidZone(named)
    ? IANAZone.create(named).offset(millis)
    : DateTime.fromMillis(millis, { zone: named }).offset;
}

function wallAt(millis: number, zone: string): string {
  const local = new Date(millis + offsetAt(millis, zone) * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

function samePlace(a: Place, b: Place): boolean {
  return a.kind === b.kind && (a.kind !== 'zoned' || (b.kind === 'zoned' && a.zone === b.zone));
}

/** An end before the start: the reader moves it to the start (as TEC does) and says so. */
export class EndBeforeStart extends Error {}
const endBeforeStart = () => new EndBeforeStart('DTEND is before DTSTART');

/** DATE values: DTEND is the day after the last (exclusive), Marquee keeps the last day. */
function allDayTimes(
  start: ICAL.Time,
  end: ICAL.Time,
  zones: Zones,
  ownZone: string | undefined,
): EventTimes {
  const first = dateOf(start);
  if (dateOf(end) < first) throw endBeforeStart();
  let last = dateOf(end);
  if (end.isDate || end.hour + end.minute + end.second === 0) {
    const dayBefore = end.clone();
    dayBefore.day -= 1;
    last = dateOf(dayBefore);
  }
  // DTEND equal to DTSTART (written by some exporters) still means that one day.
  if (last < first) last = first;
  return {
    allDay: true,
    timezone: ownZone ?? zones.calendarZone,
    ...(ownZone ? {} : { zoneUnsaid: true }),
    start: `${first} 00:00:00`,
    end: `${last} 23:59:59`,
  };
}

/**
 * Throws when the end is before the start. `ownZone`: the event's zone where DTSTART names
 * none (X-MARQUEE-TIMEZONE): an all-day event's, or the one an instant is shown in.
 */
export function eventTimesOf(
  start: ICAL.Time,
  end: ICAL.Time,
  zones: Zones,
  ownZone?: string,
): EventTimes {
  // A DURATION may take the end past what the calendar (and the store's dates) can hold.
  if (end.year > 9999) throw new Error('the event ends after the year 9999');
  if (start.isDate) return allDayTimes(start, end, zones, ownZone);
  const place = zones.placeOf(start);
  const endPlace = zones.placeOf(end);
  const timezone =
    place.kind === 'zoned'
      ? place.zone
      : place.kind === 'instant' && ownZone
        ? ownZone
        : zones.calendarZone;
  if (place.kind !== 'instant' && samePlace(place, endPlace)) {
    const from = wallOf(start);
    const to = wallOf(end);
    // Wall clocks compare as strings, but for the hour a DST change repeats.
    if (to < from && millisOf(end, endPlace, zones) < millisOf(start, place, zones))
      throw endBeforeStart();
    return { allDay: false, timezone, start: from, end: to };
  }
  const from = millisOf(start, place, zones);
  const to = millisOf(end, endPlace, zones);
  if (to < from) throw endBeforeStart();
  return {
    allDay: false,
    timezone,
    start: place.kind === 'instant' ? wallAt(from, timezone) : wallOf(start),
    end: wallAt(to, timezone),
  };
}

/**
 * A time (a RECURRENCE-ID, RDATE or EXDATE) as wall clock in a series' zone: as written when
 * it is in that zone (or floating in the calendar's), else the same instant there.
 */
export function wallTimeIn(time: ICAL.Time, zone: string, zones: Zones): string {
  const place = zones.placeOf(time);
  const local =
    (place.kind === 'zoned' && place.zone === zone) ||
    (place.kind === 'floating' && zones.calendarZone === zone);
  return local ? wallOf(time) : wallAt(millisOf(time, place, zones), zone);
}
