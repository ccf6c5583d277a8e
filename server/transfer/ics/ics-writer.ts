/**
 * Calendar export as ICS (RFC 5545), in TEC's feed layout with what TEC lacks:
 * stable UIDs, SEQUENCE, 75-octet folding, and series as a rule plus overrides. A generator of
 * text chunks, so a 100k-event export streams with memory bounded by one event.
 */
import ICAL from 'ical.js';
import type { Language } from '#shared/languages.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { IcalKeep } from '../../store/ical.repo.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import { veventLines } from './ics-event.ts';
import { toChunk } from './ics-lines.ts';
import { isUtcZone, vtimezoneLines } from './ics-timezones.ts';

export type IcsCalendarInfo = {
  name: string;
  /** Texts are written in `language`, else `defaultLanguage`, else any the record has. */
  language: Language;
  defaultLanguage: Language;
  productVersion: string;
  /**
   * Every zone of the timed events to come (a superset does no harm). VTIMEZONEs must precede
   * the events, so they are known up front; an event in a zone missing here is written in UTC.
   */
  zones: readonly string[];
  /**
   * A CalDAV calendar object, not a file to publish: RFC 4791 §4.1 forbids METHOD there, and
   * the calendar's name and zone are the collection's properties.
   */
  object?: boolean;
};

export type IcsEventInput = {
  event: CalendarEvent;
  venue: Venue | null;
  organizers: Organizer[];
  /** Category terms, written as CATEGORIES. */
  categories: Term[];
  /** Tag terms, written as CATEGORIES too, and named in X-MARQUEE-TAGS. */
  tags: Term[];
  /** The event's website, else its public page (then `urlIsPage`). */
  url: string;
  urlIsPage?: boolean;
  /** Computed by the caller (it increases on each edit); `ical.sequence` is not read. */
  sequence: number;
  /**
   * What an import kept. With `recurrence` lines the event is a series' first occurrence and
   * carries its rule; with `seriesUid` and no recurrence it is an override of that series (UID
   * = seriesUid, RECURRENCE-ID = its own start). The caller picks which occurrences to pass:
   * those a rule produces unchanged need not be written.
   */
  ical?: IcalKeep & { seriesUid?: string };
  /** A series: its rule, written as RRULE, RDATE and EXDATE (in its zone). */
  rule?: Recurrence;
  /**
   * An exception of a series: written with the series' UID and RECURRENCE-ID at its slot (the
   * start the series gives it, in the series' zone), wherever it was moved.
   */
  override?: { uid: string; slot: string; timezone: string; allDay: boolean };
};

function textLine(name: string, text: string): string {
  return `${name}:${ICAL.stringify.value(text, 'text', ICAL.design.icalendar, false)}`;
}

function headerLines(calendar: IcsCalendarInfo, zones: readonly string[]): string[] {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    textLine('PRODID', `-//Marquee//Marquee ${calendar.productVersion}//EN`),
    'CALSCALE:GREGORIAN',
  ];
  if (calendar.object) return lines;
  lines.push('METHOD:PUBLISH');
  // X- properties default to no value type in ical.js, so their text is escaped here.
  if (calendar.name) lines.push(textLine('X-WR-CALNAME', calendar.name));
  if (zones.length === 1 && zones[0]) lines.push(textLine('X-WR-TIMEZONE', zones[0]));
  return lines;
}

/** The calendar as text chunks: header and VTIMEZONEs, one chunk per VEVENT, then the end. */
export function* writeIcs(
  calendar: IcsCalendarInfo,
  events: Iterable<IcsEventInput>,
): Generator<string> {
  const zones = [...new Set(calendar.zones)];
  const zonesWithBlock = new Set<string>();
  const timezoneLines: string[] = [];
  for (const zone of zones) {
    const block = isUtcZone(zone) ? undefined : vtimezoneLines(zone);
    if (!block) continue;
    zonesWithBlock.add(zone);
    timezoneLines.push(...block);
  }
  yield toChunk([...headerLines(calendar, zones), ...timezoneLines]);
  for (const input of events) yield toChunk(veventLines(input, calendar, zonesWithBlock));
  yield toChunk(['END:VCALENDAR']);
}
