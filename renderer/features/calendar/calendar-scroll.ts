/**
 * Where a week or day view opens its hours: at the current time when today is shown (an hour
 * before it, so what just started is in view), else at the first timed event shown (so an
 * evening concert is not below the fold), else at 08:00 as a working day starts. Times are
 * the calendar zone's wall clock, as the grid shows them.
 */
import { utcToZone } from '#shared/time/datetime.ts';

type Range = { startUtc: string; endUtc: string };
type TimedEvent = { startUtc: string; allDay: boolean };

export const DEFAULT_SCROLL_TIME = '08:00:00';

/** An hour before `time` ("HH:MM…"), on the hour, not before midnight. */
function hourBefore(time: string): string {
  const hour = Math.max(0, Number(time.slice(0, 2)) - 1);
  return `${String(hour).padStart(2, '0')}:00:00`;
}

export function openingScrollTime(
  range: Range,
  events: readonly TimedEvent[],
  nowUtc: string,
  zone: string,
): string {
  if (nowUtc >= range.startUtc && nowUtc < range.endUtc)
    return hourBefore(utcToZone(nowUtc, zone).slice(11));
  const times = events
    .filter((event) => !event.allDay && event.startUtc >= range.startUtc)
    .filter((event) => event.startUtc < range.endUtc)
    .map((event) => utcToZone(event.startUtc, zone).slice(11));
  if (times.length === 0) return DEFAULT_SCROLL_TIME;
  return hourBefore(times.reduce((first, time) => (time < first ? time : first)));
}
