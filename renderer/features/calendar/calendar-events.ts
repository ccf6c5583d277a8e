/**
 * Replica events as FullCalendar draws them, and calendar gestures back as patches. Timed
 * events go in as UTC instants (shown in the calendar's zone, whatever the event's own zone);
 * all-day events as their own dates, with FullCalendar's exclusive end.
 */
import type { EventInput } from '@fullcalendar/react';
import type { Language } from '#shared/languages.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { toUtcString, utcToZone } from '#shared/time/datetime.ts';
import { isNamedIn, textIn } from '../../ui/record-text.ts';
import { NEUTRAL_COLOR, paletteColor } from '../../ui/category-colors.ts';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const instant = (utc: string) => `${utc.replace(' ', 'T')}Z`;

type CalendarEntry = EventInput & { id: string };

/**
 * An event drawn in `language` (else the default language's text, marked untranslated). A timed
 * event in another zone than the calendar's carries its own wall time and zone, to say beside
 * the calendar's time ("19:00 Asia/Tokyo").
 */
export function toCalendarEntry(
  event: CalendarEvent,
  languages: { content: Language; fallback: Language },
  untitled: string,
  calendar: {
    zone: string;
    categoryColors: ReadonlyMap<string, string>;
    /** Venues' names by uuid: the list view names each event's venue. */
    venueNames?: ReadonlyMap<string, string>;
  },
): CalendarEntry {
  // The first category's colour (a category not in the replica yet: its palette colour).
  const category = event.categoryUuids[0];
  const color = category
    ? (calendar.categoryColors.get(category) ?? paletteColor(category))
    : NEUTRAL_COLOR;
  const times = event.allDay
    ? { start: event.start.slice(0, 10), end: addDays(event.end.slice(0, 10), 1) }
    : { start: instant(event.startUtc), end: instant(event.endUtc) };
  return {
    id: event.uuid,
    title: textIn(event.title, languages.content, languages.fallback) ?? untitled,
    allDay: event.allDay,
    ...times,
    color,
    contrastColor: '#ffffff',
    className: [
      `status-${event.status}`,
      event.featured ? 'is-featured' : '',
      event.sticky ? 'is-sticky' : '',
    ]
      .filter(Boolean)
      .join(' '),
    extendedProps: {
      featured: event.featured,
      sticky: event.sticky ? 1 : 0,
      status: event.status,
      // The publication date: a scheduled (future) event says when it will be published.
      date: event.date,
      venue: event.venueUuid ? calendar.venueNames?.get(event.venueUuid) : undefined,
      untranslated: !isNamedIn('event', event, languages.content),
      // An occurrence of a series carries the repeat mark.
      repeats: Boolean(event.recurrenceId),
      ownTime:
        !event.allDay && event.timezone !== calendar.zone
          ? `${event.start.slice(11, 16)} ${event.timezone.replaceAll('_', ' ')}`
          : undefined,
    },
  };
}

/** Where a dragged or resized event now is, as a patch in the event's own zone. */
export function movedTimes(
  event: Pick<CalendarEvent, 'timezone'>,
  moved: {
    start: Date | null;
    end: Date | null;
    startStr: string;
    endStr: string;
    allDay: boolean;
  },
): { start: string; end: string; allDay: boolean } | undefined {
  if (!moved.start) return undefined;
  if (moved.allDay) {
    const last = moved.endStr
      ? addDays(moved.endStr.slice(0, 10), -1)
      : moved.startStr.slice(0, 10);
    return {
      start: `${moved.startStr.slice(0, 10)} 00:00:00`,
      end: `${last} 23:59:59`,
      allDay: true,
    };
  }
  const end = moved.end ?? new Date(moved.start.getTime() + 3_600_000);
  return {
    start: utcToZone(toUtcString(moved.start), event.timezone),
    end: utcToZone(toUtcString(end), event.timezone),
    allDay: false,
  };
}

/** Wall time `YYYY-MM-DD HH:MM:SS` plus minutes (wall-clock arithmetic; the server snaps DST). */
function addMinutes(wall: string, minutes: number): string {
  const at = new Date(Date.parse(`${wall.replace(' ', 'T')}Z`) + minutes * 60_000);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** FullCalendar's ISO string with the zone's offset, as wall time. */
const wallOf = (iso: string) =>
  `${iso.replace(/(Z|[+-]\d\d:\d\d)$/, '').replace('T', ' ')}:00`.slice(0, 19);

/**
 * A new event's times, in the calendar's zone, from a selection (start, exclusive end) or a
 * click. A click on a day of the month view suggests the evening (19:00–21:00, a venue's usual
 * slot); a click on a time suggests an hour there.
 */
export function newEventTimes(info: {
  startStr: string;
  endStr?: string;
  allDay: boolean;
  monthCell?: boolean;
}): { start: string; end: string; allDay: boolean } {
  const day = info.startStr.slice(0, 10);
  if (info.monthCell && !info.endStr)
    return { start: `${day} 19:00:00`, end: `${day} 21:00:00`, allDay: false };
  if (info.allDay) {
    const last = info.endStr ? addDays(info.endStr.slice(0, 10), -1) : day;
    return { start: `${day} 00:00:00`, end: `${last} 23:59:59`, allDay: true };
  }
  const start = wallOf(info.startStr);
  return { start, end: info.endStr ? wallOf(info.endStr) : addMinutes(start, 60), allDay: false };
}
