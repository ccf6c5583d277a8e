/**
 * What a printed programme lists: the events that take place between two dates of the
 * calendar's zone (inclusive), as the calendar's filters show them, grouped by the day they
 * start on in that zone, soonest first; within a day all-day events first, then by time.
 */
import { DateTime } from 'luxon';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { utcToZone } from '#shared/time/datetime.ts';

export type ProgrammeDay = { date: string; events: CalendarEvent[] };

/** The UTC range `[start, end)` the dates `from`–`to` (inclusive) cover in `zone`. */
export function programmeRange(from: string, to: string, zone: string) {
  const utc = (date: string) =>
    DateTime.fromISO(`${date}T00:00:00`, { zone }).toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
  const after = DateTime.fromISO(to).plus({ days: 1 }).toISODate() ?? to;
  return { startUtc: utc(from), endUtc: utc(after) };
}

export function programmeDays(
  events: readonly CalendarEvent[],
  from: string,
  to: string,
  zone: string,
): ProgrammeDay[] {
  const dayOf = (event: CalendarEvent) =>
    event.allDay ? event.start.slice(0, 10) : utcToZone(event.startUtc, zone).slice(0, 10);
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    // A series shows through its occurrences; one that began before `from` is listed there.
    if (event.recurrence) continue;
    const day = dayOf(event) < from ? from : dayOf(event);
    if (day > to) continue;
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({
      date,
      events: list.sort(
        (a, b) => Number(b.allDay) - Number(a.allDay) || a.startUtc.localeCompare(b.startUtc),
      ),
    }));
}
