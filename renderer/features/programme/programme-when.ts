/**
 * When an event happens, as a printed programme's line says it under the day it starts on: its
 * times on that day, or, when it lasts into a later day in the calendar's zone, its dates (and
 * times) from first to last, so a weekend fair printed once under Saturday still says it runs
 * to Sunday. Written by Intl's formatRange in the UI language ("Dec 12 – 13", "12–13 déc.").
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { utcToZone } from '#shared/time/datetime.ts';

type Timing = Pick<CalendarEvent, 'allDay' | 'start' | 'end' | 'startUtc' | 'endUtc'>;

/** A wall time (`YYYY-MM-DD HH:MM:SS`) as a Date read in UTC, for Intl with timeZone UTC. */
const asUtc = (wall: string) =>
  new Date(
    `${wall.length === 10 ? `${wall} 00:00:00` : wall.slice(0, 19)}`.replace(' ', 'T') + 'Z',
  );

const dayAfter = (day: string) =>
  new Date(asUtc(day).getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * A timed event that ends before this hour of the day after it starts is a late night, not a
 * second day: "10:00 PM – 2:00 AM", no dates.
 */
const NIGHT_ENDS_BEFORE = '06:00:00';

/** The last day a span touches: an end at midnight belongs to the day before. */
function lastDay(start: string, end: string): string {
  if (end <= start || !end.endsWith('00:00:00')) return end.slice(0, 10);
  return new Date(asUtc(end).getTime() - 1000).toISOString().slice(0, 10);
}

const lateNight = (start: string, end: string) =>
  end.slice(0, 10) === dayAfter(start.slice(0, 10)) && end.slice(11, 19) < NIGHT_ENDS_BEFORE;

/** `null` for an all-day event on one day (the caller writes "All day"). */
export function programmeWhen(
  event: Timing,
  zone: string,
  language: string,
  hour12: boolean,
): string | null {
  const [start, end] = event.allDay
    ? [event.start, event.end]
    : [utcToZone(event.startUtc, zone), utcToZone(event.endUtc, zone)];
  const manyDays =
    lastDay(start, end) > start.slice(0, 10) && (event.allDay || !lateNight(start, end));
  if (event.allDay && !manyDays) return null;
  const format = new Intl.DateTimeFormat(language, {
    ...(manyDays && { month: 'short', day: 'numeric' }),
    ...(!event.allDay && { hour: 'numeric', minute: '2-digit', hour12 }),
    timeZone: 'UTC',
  });
  if (event.allDay) {
    return format.formatRange(asUtc(start.slice(0, 10)), asUtc(lastDay(start, end)));
  }
  // Intl would add both dates to a range that ends the next day: the end's time on the start's
  // date (Intl takes a range that runs backwards) gives the two times only.
  const until = manyDays ? end : `${start.slice(0, 10)} ${end.slice(11)}`;
  return format.formatRange(asUtc(start), asUtc(until));
}
