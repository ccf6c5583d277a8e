/**
 * One calendar event as a VEVENT, built as an ical.js component so values and parameters are
 * escaped by the library, then serialized unfolded (the writer folds). Lines an import kept
 * (recurrence, unknown properties) are appended as they were. What no standard property holds
 * goes in Marquee's own (ics-marquee.ts).
 */
import ICAL from 'ical.js';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import { cleanHtml } from '../clean-html.ts';
import { renderContent } from '../../api/tec/posts/post-wire.ts';
import {
  imageType,
  locationOf,
  organizerAddresses,
  uriValue,
  venueParts,
  type PickText,
} from './ics-details.ts';
import { keptLines } from './ics-lines.ts';
import { escapeText, MARQUEE, MARQUEE_PROPERTIES } from './ics-marquee.ts';
import { htmlToText, inlineText } from './ics-text.ts';
import { eventTimes, slotTime, utcTime, type IcsTime } from './ics-times.ts';
import type { IcsCalendarInfo, IcsEventInput } from './ics-writer.ts';

/** Properties a VEVENT has at most once: a kept line repeating one the event has is dropped. */
const SINGLE = new Set([
  ...['uid', 'dtstamp', 'dtstart', 'dtend', 'duration', 'sequence', 'created', 'last-modified'],
  ...['summary', 'description', 'url', 'location', 'organizer', 'status', 'class'],
  'recurrence-id',
]);
/**
 * Properties the event's fields give, which a kept line never repeats: an HTML description
 * kept from an import made before descriptions were read from it would contradict the event's.
 */
const FROM_FIELDS = ['x-alt-desc', ...MARQUEE_PROPERTIES];
/** Markup in a description: then it also goes as HTML (X-ALT-DESC), with its links. */
const MARKUP = /<[a-zA-Z][^>]*>/;
const RECURRENCE = ['rrule', 'rdate', 'exdate', 'exrule'];

type Value = string | number | ICAL.Time;

/** A stored rule as written: its parts in the order the series has them (ical.js reorders). */
const PLAIN_RULE = /^[A-Z0-9=;,+-]+$/;

class VEvent {
  readonly component = new ICAL.Component('vevent');
  /** Lines written as they are, in their property's place. */
  readonly #written = new Map<ICAL.Property, string>();

  add(name: string, value: Value, parameters: Record<string, string> = {}): void {
    const property = new ICAL.Property(name);
    for (const [key, parameter] of Object.entries(parameters))
      property.setParameter(key, parameter);
    property.setValue(value);
    this.component.addProperty(property);
  }

  addTime(name: string, { time, tzid }: IcsTime): void {
    this.add(name, time, tzid ? { tzid } : {});
  }

  /** A property whose value is already as RFC 5545 wants it. */
  addAsWritten(name: string, value: string): void {
    const property = new ICAL.Property(name);
    this.#written.set(property, `${name.toUpperCase()}:${value}`);
    this.component.addProperty(property);
  }

  addList(name: string, values: string[]): void {
    const property = new ICAL.Property(name);
    property.setValues(values);
    this.component.addProperty(property);
  }

  lines(): string[] {
    return this.component
      .getAllProperties()
      .map(
        (property) =>
          this.#written.get(property) ??
          ICAL.stringify.property(property.toJSON() as unknown[], ICAL.design.icalendar, true),
      );
  }

  names(): Set<string> {
    return new Set(this.component.getAllProperties().map((property) => property.name));
  }
}

/** Whether the event is an occurrence of a series written as an override of the series' rule. */
function isOverride({ ical }: IcsEventInput): boolean {
  return Boolean(ical?.seriesUid) && (ical?.recurrence.length ?? 0) === 0;
}

/** A series' RRULE, RDATEs and EXDATEs, times in the series' zone as its DTSTART is. */
function addRule(
  vevent: VEvent,
  series: CalendarEvent,
  rule: Recurrence,
  zonesWithBlock: ReadonlySet<string>,
): void {
  if (PLAIN_RULE.test(rule.rrule)) vevent.addAsWritten('rrule', rule.rrule);
  else if (rule.rrule) vevent.add('rrule', ICAL.Recur.fromString(rule.rrule) as unknown as Value);
  for (const [name, slots] of [
    ['rdate', rule.rdates],
    ['exdate', rule.exdates],
  ] as const)
    for (const slot of slots) {
      const { time, tzid } = slotTime(slot, series.timezone, series.allDay, zonesWithBlock);
      vevent.add(name, time, tzid ? { tzid } : {});
    }
}

export function veventLines(
  input: IcsEventInput,
  calendar: IcsCalendarInfo,
  zonesWithBlock: ReadonlySet<string>,
): string[] {
  const { event, ical } = input;
  const pick: PickText = (value: Multilingual) =>
    pickTranslation(value, calendar.language, calendar.defaultLanguage)?.value ?? '';
  const override = isOverride(input);
  const vevent = new VEvent();

  vevent.add(
    'uid',
    input.override?.uid || (override ? ical?.seriesUid : ical?.uid) || `${event.uuid}@marquee`,
  );
  vevent.add('sequence', input.sequence);
  // The record's modification time, not now: an unchanged calendar gives the same bytes.
  vevent.add('dtstamp', utcTime(event.modified));
  vevent.add('created', utcTime(event.created));
  vevent.add('last-modified', utcTime(event.modified));
  const { start, end } = eventTimes(event, zonesWithBlock);
  vevent.addTime('dtstart', start);
  vevent.addTime('dtend', end);
  if (override) vevent.addTime('recurrence-id', start);
  if (input.override) {
    const { slot, timezone, allDay } = input.override;
    vevent.addTime('recurrence-id', slotTime(slot, timezone, allDay, zonesWithBlock));
  }
  if (input.rule) addRule(vevent, event, input.rule, zonesWithBlock);

  // DTSTART names no zone for a date or a time in UTC: the event's own is said apart.
  if (event.allDay || !zonesWithBlock.has(event.timezone))
    vevent.add(MARQUEE.timezone, escapeText(event.timezone));

  vevent.add('summary', inlineText(pick(event.title)));
  // As TEC does, a password-protected event's text stays on the site.
  const html = event.password ? '' : pick(event.description);
  const description = htmlToText(html);
  if (description) vevent.add('description', description);
  // As the API shows it (paragraphs made), with only what the editor keeps: Outlook shows it.
  if (MARKUP.test(html))
    vevent.add('x-alt-desc', escapeText(cleanHtml(renderContent(html)).trim()), {
      fmttype: 'text/html',
    });
  const url = uriValue(input.url);
  if (url) vevent.add('url', url, input.urlIsPage ? { [MARQUEE.page]: 'TRUE' } : {});
  const parts = input.venue ? venueParts(input.venue, pick) : [];
  if (locationOf(parts)) {
    vevent.add('location', locationOf(parts));
    vevent.add(MARQUEE.venue, parts.map(escapeText).join(';'));
  }
  const [organizer, ...others] = organizerAddresses(input.organizers, pick).map(
    ({ address, name }): { address: string; parameters: Record<string, string> } => ({
      address,
      parameters: name ? { cn: name } : {},
    }),
  );
  if (organizer) vevent.add('organizer', organizer.address, organizer.parameters);
  for (const other of others) vevent.add(MARQUEE.organizer, other.address, other.parameters);
  const names = (terms: readonly Term[]) =>
    terms.map((term) => inlineText(pick(term.name))).filter(Boolean);
  const tags = names(input.tags);
  const categories = [...names(input.categories), ...tags];
  if (categories.length > 0) vevent.addList('categories', categories);
  if (tags.length > 0) vevent.add(MARQUEE.tags, tags.map(escapeText).join(','));
  const image = uriValue(event.image);
  if (image) vevent.add('attach', image, { fmttype: imageType(image) });
  if (['draft', 'pending', 'future'].includes(event.status)) vevent.add('status', 'TENTATIVE');
  if (event.status === 'private') vevent.add('class', 'PRIVATE');

  const written = vevent.names();
  const skip = new Set([...[...SINGLE].filter((name) => written.has(name)), ...FROM_FIELDS]);
  const recurrence = override || !ical ? [] : keptLines(ical.recurrence, skip);
  if (override) RECURRENCE.forEach((name) => skip.add(name));
  const extra = ical ? keptLines(ical.extra, skip) : [];
  return ['BEGIN:VEVENT', ...vevent.lines(), ...recurrence, ...extra, 'END:VEVENT'];
}
