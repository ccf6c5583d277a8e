/**
 * Whether a matched event already says what the file says (then a re-import leaves it alone).
 * Only what the file carries is compared: a field it leaves undefined is left alone anyway.
 * Descriptions compare as plain text (links as "text (url)"): an ICS file's DESCRIPTION
 * carries the text of an HTML description, not the markup.
 */
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { venueStateProvince } from '#shared/schemas/venue.ts';
import { normalizeRecurrence } from '#shared/series/recurrence.ts';
import { sameRule } from '#shared/series/rule-edits.ts';
import type { ExportEvent } from '../export-records.ts';
import { htmlToText } from '../ics/ics-text.ts';
import type { FileEvent, FileVenue } from '../file-records.ts';
import type { EventLinks } from './event-patch.ts';
import { fileAddressKey, storedAddressKey } from './venue-by-address.ts';

/** A description as the text an ICS export writes of it, white space aside. */
export const plain = (html: string) => htmlToText(html).replace(/\s+/g, ' ');

const sameList = (a: string[], b: string[]) => {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((item, index) => item === sorted[index]);
};

/** True where the file does not say, else whether `same` holds of what it says. */
const unsaidOr = <T>(given: T | undefined, same: (value: T) => boolean) =>
  given === undefined || same(given);

/**
 * The file's venue is the event's: the one the import links (by name and address), or one of
 * the same name at the same address (a namesake the import did not pick), or none for none.
 */
function sameVenue(
  file: FileVenue | null,
  linked: number | null | undefined,
  stored: ExportEvent,
  name: (value: Multilingual) => string,
): boolean {
  const { venue } = stored;
  if (!file || !venue) return !file && !venue;
  if (linked === venue.id) return true;
  const address = fileAddressKey(file);
  const region = venueStateProvince(venue);
  return (
    name(venue.name) === file.name &&
    (!address || address === storedAddressKey({ ...venue, region }))
  );
}

/** Whether the stored event already says everything the file says (so nothing is written). */
export function saysTheSame(
  file: FileEvent,
  links: EventLinks,
  stored: ExportEvent,
  language: Language,
  fallback: Language,
): boolean {
  const text = (value: Multilingual) => pickTranslation(value, language, fallback)?.value ?? '';
  const { event } = stored;
  const optional: [unknown, unknown][] = [
    [file.status, event.status],
    [file.cost, event.cost],
    [file.website, event.website ?? ''],
    [file.image, event.image],
    ...EVENT_FLAGS.map(({ field }): [unknown, unknown] => [file[field], event[field]]),
  ];
  const names = (terms: { name: Multilingual }[]) => terms.map((term) => text(term.name));
  return (
    // Texts as the file's language shows them (shown-texts.ts), as the export wrote them; a
    // text the file does not carry is no difference.
    text(event.title) === file.title &&
    unsaidOr(file.description, (given) => plain(text(event.description)) === plain(given)) &&
    unsaidOr(file.excerpt, (given) => plain(text(event.excerpt)) === plain(given)) &&
    event.start === file.start &&
    event.end === file.end &&
    (file.zoneUnsaid || event.timezone === file.timezone) &&
    event.allDay === file.allDay &&
    optional.every(([given, kept]) => given === undefined || given === kept) &&
    unsaidOr(file.venue, (given) => sameVenue(given, links.venueId, stored, text)) &&
    unsaidOr(file.organizers, (given) =>
      sameList(
        names(stored.organizers),
        given.map((organizer) => organizer.name),
      ),
    ) &&
    unsaidOr(file.categories, (given) => sameList(names(stored.categories), given)) &&
    unsaidOr(file.tags, (given) => sameList(names(stored.tags), given))
  );
}

/**
 * Whether a stored series has the file's rule: the same rule parts in any order, and the same
 * removed slots, counting the occurrences in the trash (an export writes them as EXDATEs).
 */
export function sameRecurrence(file: FileEvent, stored: CalendarEvent, trashed: string[]): boolean {
  if (!file.recurrence || !stored.recurrence) return !file.recurrence && !stored.recurrence;
  const given = normalizeRecurrence(file.recurrence, file);
  const kept = stored.recurrence;
  const slots = (list: string[]) => [...new Set(list)].sort().join();
  return (
    sameRule(given.rrule, kept.rrule) &&
    slots(given.rdates) === slots(kept.rdates) &&
    slots(given.exdates) === slots([...kept.exdates, ...trashed])
  );
}
