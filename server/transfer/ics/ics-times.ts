/**
 * Event times as ICS values. Marquee keeps wall-clock `YYYY-MM-DD HH:MM:SS` in an IANA zone
 * (plus UTC copies); ICS wants DATE for all-day events (end exclusive), TZID-qualified local
 * times for zoned ones, and `…Z` for UTC.
 */
import ICAL from 'ical.js';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';

/** A DTSTART / DTEND / RECURRENCE-ID value, and the TZID it is read in (none: a date or UTC). */
export type IcsTime = { time: ICAL.Time; tzid?: string };

function fields(value: string) {
  return {
    year: Number(value.slice(0, 4)),
    month: Number(value.slice(5, 7)),
    day: Number(value.slice(8, 10)),
    hour: Number(value.slice(11, 13)),
    minute: Number(value.slice(14, 16)),
    second: Number(value.slice(17, 19)),
  };
}

/** A UTC `YYYY-MM-DD HH:MM:SS` (record dates, UTC copies) as a `…Z` time. */
export function utcTime(value: string): ICAL.Time {
  return ICAL.Time.fromData(fields(value), ICAL.Timezone.utcTimezone);
}

/** A wall-clock time without a zone; the property's TZID says which. */
function localTime(value: string): ICAL.Time {
  return ICAL.Time.fromData(fields(value));
}

function dateOf(value: string, daysLater = 0): ICAL.Time {
  const { year, month, day } = fields(value);
  const date = ICAL.Time.fromData({ year, month, day, isDate: true });
  if (daysLater !== 0) date.adjust(daysLater, 0, 0, 0);
  return date;
}

// Strict parsers refuse an end before the start; a broken record still gives a valid file.
function notBefore(end: string, start: string): string {
  return end < start ? start : end;
}

/**
 * Start and end as written: all-day events as dates ending the day after their last day; timed
 * events as wall-clock in their zone when the file has its VTIMEZONE (`zonesWithBlock`), else
 * in UTC (UTC zones, and zones the caller did not list or the library lacks).
 */
export function eventTimes(
  event: Pick<CalendarEvent, 'start' | 'end' | 'startUtc' | 'endUtc' | 'allDay' | 'timezone'>,
  zonesWithBlock: ReadonlySet<string>,
): { start: IcsTime; end: IcsTime } {
  if (event.allDay) {
    const lastDay = notBefore(event.end.slice(0, 10), event.start.slice(0, 10));
    return { start: { time: dateOf(event.start) }, end: { time: dateOf(lastDay, 1) } };
  }
  if (!zonesWithBlock.has(event.timezone)) {
    const end = notBefore(event.endUtc, event.startUtc);
    return { start: { time: utcTime(event.startUtc) }, end: { time: utcTime(end) } };
  }
  const tzid = event.timezone;
  const end = notBefore(event.end, event.start);
  return { start: { time: localTime(event.start), tzid }, end: { time: localTime(end), tzid } };
}

/** A series' slot (its local start in `timezone`) as DTSTART of the series would write it. */
export function slotTime(
  slot: string,
  timezone: string,
  allDay: boolean,
  zonesWithBlock: ReadonlySet<string>,
): IcsTime {
  const times = eventTimesIn(slot, slot, timezone, allDay);
  return eventTimes({ ...times, timezone, allDay }, zonesWithBlock).start;
}
