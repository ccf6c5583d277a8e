/**
 * Whether a matched event already says what the file says (then a re-import leaves it alone).
 * Descriptions compare as plain text: an ICS file carries the text of an HTML description, not
 * the markup.
 */
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { normalizeRecurrence } from '#shared/series/recurrence.ts';
import { sameRule } from '#shared/series/rule-edits.ts';
import type { ExportEvent } from '../export-records.ts';
import { htmlToText } from '../ics/ics-text.ts';
import type { FileEvent } from '../file-records.ts';

/** A description as the text an ICS export writes of it, white space aside. */
export const plain = (html: string) => htmlToText(html).replace(/\s+/g, ' ');

const sameList = (a: string[], b: string[]) => {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((item, index) => item === sorted[index]);
};

/** Whether the stored event already says everything the file says (so nothing is written). */
export function saysTheSame(
  file: FileEvent,
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
  return (
    // Texts as the file's language shows them (shown-texts.ts), as the export wrote them.
    text(event.title) === file.title &&
    plain(text(event.description)) === plain(file.description) &&
    plain(text(event.excerpt)) === plain(file.excerpt) &&
    event.start === file.start &&
    event.end === file.end &&
    event.timezone === file.timezone &&
    event.allDay === file.allDay &&
    optional.every(([given, kept]) => given === undefined || given === kept) &&
    (stored.venue ? text(stored.venue.name) : null) === (file.venue?.name ?? null) &&
    sameList(
      stored.organizers.map((organizer) => text(organizer.name)),
      file.organizers.map((organizer) => organizer.name),
    ) &&
    sameList(
      stored.categories.map((term) => text(term.name)),
      file.categories,
    ) &&
    sameList(
      stored.tags.map((term) => text(term.name)),
      file.tags,
    )
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
