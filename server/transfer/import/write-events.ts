/**
 * The events of an import, a page at a time: each is matched to a stored event (UID/uuid,
 * else title + start), left alone when it already says what the file says, else created or
 * updated by its record patch (event-patch.ts) with its links found or made once per import. The
 * page's matched events are read together, so matching costs a few queries per page.
 */
import type { StoredEvent } from '../../store/events.repo.ts';
import type { EventPatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { DomainContext } from '../../domain/context.ts';
import { exportPages, type ExportEvent } from '../export-records.ts';
import type { FileEvent } from '../file-records.ts';
import { invalidParams } from '../../domain/errors.ts';
import { eventPatch, repeats, type EventLinks } from './event-patch.ts';
import { plain, sameRecurrence, saysTheSame } from './same-event.ts';
import { withoutShownTexts, type TextReading } from './shown-texts.ts';
import { createImportRepo } from '../../store/import.repo.ts';
import { createEventMatcher, type EventMatcher } from './event-matcher.ts';
import type { ImportDeps } from './import-file.ts';
import type { ImportRow } from '#shared/schemas/transfer.ts';
import { createLinkResolver } from './link-resolver.ts';
import { createLinkIndex } from '../../store/link-index.ts';

const PAGE = 500;

/**
 * The patch of a matched event less the texts it already shows in the file's language; a
 * description compared as text when the file carries it so (ICS), as written otherwise (CSV
 * carries the markup, so a change of markup alone is written).
 */
function storedTextsLeftOut(
  patch: EventPatch,
  stored: CalendarEvent | undefined,
  reading: TextReading,
  textDescriptions: boolean,
): EventPatch {
  if (!stored) return patch;
  const fields = textDescriptions ? ['title'] : ['title', 'description', 'excerpt'];
  const left = withoutShownTexts(patch, stored, fields, reading);
  if (!textDescriptions) return left;
  return withoutShownTexts(
    left,
    stored,
    ['description', 'excerpt'],
    reading,
    (shown, given) => plain(shown) === plain(given),
  );
}

/**
 * The title of an event the file gives none: the editor's own "(untitled)" in the language the
 * import writes its texts in (the file's language, else the calendar's default), stored as
 * data like any title: the calendar then shows it in that language, as it would a typed one.
 */
const untitledIn = (language: Language) => RESOURCES[language].common.calendar.untitled;

type EventWrite = {
  rev: number;
  /** Runs one row's work; a refusal becomes a problem on its line. */
  attempt: (line: number, work: () => void) => void;
  /** The request context for texts in `language` (the file's language when null). */
  inLanguage: (language: Language | null) => DomainContext;
  rows: ImportRow[];
  /** The file gives descriptions as plain text (ICS), not as the HTML they are kept in. */
  textDescriptions: boolean;
  /** Which stored event a file's event is; by default by UID, else by title and start. */
  matcher?: EventMatcher | undefined;
  /**
   * A preview: each row names what it double-books (about a millisecond a row at a venue). The
   * import itself, which the user starts having seen them, does not look again.
   */
  preview: boolean;
};

/** The clashes a preview's row names: enough to act on (the clashes view lists them all). */
const PREVIEW_CLASHES = 3;

export function writeEvents(
  deps: ImportDeps,
  events: readonly FileEvent[],
  write: EventWrite,
): void {
  const { rev, attempt, inLanguage, rows } = write;
  const { language: fileLanguage, settings } = inLanguage(null);
  const matcher = write.matcher ?? createEventMatcher(deps.db);
  const repo = createImportRepo(deps.db);
  /** Series this import created. */
  const created = new Set<number>();
  const seriesIdOf = (event: FileEvent) =>
    event.seriesUid && event.recurrenceId !== undefined
      ? matcher.idOfUid(event.seriesUid)
      : undefined;
  /** The stored occurrence an exception replaces; its series comes earlier in the file. */
  const occurrenceOf = (event: FileEvent) => {
    const seriesId = seriesIdOf(event);
    const id =
      seriesId === undefined ? undefined : repo.occurrenceAt(seriesId, event.recurrenceId!);
    if (id === undefined)
      throw invalidParams({
        'RECURRENCE-ID': `the series ${event.seriesUid ?? ''} has no occurrence at ${event.recurrenceId}`,
      });
    return id;
  };
  const index = createLinkIndex(deps.db);
  const links = createLinkResolver(deps, index);
  for (let start = 0; start < events.length; start += PAGE) {
    const page = events.slice(start, start + PAGE);
    const matched = page.flatMap((event) => matcher.match(event) ?? []);
    const stored = new Map(
      [...exportPages(matched, deps.repos, deps.ical)].flat().map((item) => [item.event.id, item]),
    );
    for (const read of page)
      attempt(read.line, () => {
        const language = read.language ?? fileLanguage;
        const event = read.untitled ? { ...read, title: untitledIn(language) } : read;
        // An exception is its series' occurrence at its slot, which the series' row has made.
        let id = event.recurrenceId === undefined ? matcher.match(event) : occurrenceOf(event);
        const known =
          id === undefined
            ? undefined
            : (stored.get(id) ?? [...exportPages([id], deps.repos, deps.ical)].flat()[0]);
        const context = inLanguage(event.language);
        // Found (or made) first: which venue a name and address is decides whether it changed.
        const venue = event.venue ? links.venue(event.venue, context) : undefined;
        const linked: EventLinks = {
          venueId: event.venue === undefined ? undefined : (venue?.id ?? null),
          organizerIds: event.organizers?.map((organizer) => links.organizer(organizer, context)),
          categoryIds: event.categories && links.terms('category', event.categories, context),
          tagIds: event.tags && links.terms('tag', event.tags, context),
          parentId:
            event.seriesUid && event.recurrenceId === undefined
              ? matcher.idOfUid(event.seriesUid)
              : undefined,
        };
        const same = (kept: ExportEvent) =>
          saysTheSame(event, linked, kept, language, settings.defaultLanguage) &&
          (!repeats(event) || sameRecurrence(event, kept.event, repo.trashedSlots(kept.event.id)));
        let action: ImportRow['action'] = 'unchanged';
        let written: StoredEvent | undefined;
        if (id === undefined || !known || !same(known)) {
          const patch = storedTextsLeftOut(
            eventPatch(event, linked, context, index, id === undefined),
            known?.event,
            { language, fallback: settings.defaultLanguage },
            write.textDescriptions,
          );
          if (id === undefined) {
            written = deps.events.create(patch, context, { index });
            id = written.id;
            action = 'new';
            if (event.recurrence) created.add(id);
          } else {
            // Read as events of their own before, now a series: its occurrences replace them.
            if (event.recurrence && !known?.event.recurrence)
              for (const expanded of repo.expandedOccurrences(id))
                deps.events.remove(expanded, true, context);
            // A series that ends here loses its occurrences: later rows must not match them.
            if (!event.recurrence && known?.event.recurrence)
              matcher.forget(repo.occurrencesOf(id));
            written = deps.events.update(id, patch, context, { index });
            // An exception of a series this import made is as new as its series.
            action = created.has(seriesIdOf(event) ?? 0) ? 'new' : 'updated';
          }
        }
        matcher.remember(event, id);
        if (event.ical)
          deps.ical.put(id, {
            ...event.ical,
            // Each occurrence keeps its own identity (series UID/recurrence id) to match on.
            uid: event.uid ?? event.ical.uid,
            // An exception is written from its series (ics-series.ts), not from a kept UID.
            seriesUid: event.recurrenceId === undefined ? (event.seriesUid ?? null) : null,
            importedRev: rev,
          });
        // What it double-books (a strict venue refused the row above): the preview shows it.
        const clashes =
          written && write.preview ? deps.events.clashesOf(written, context, PREVIEW_CLASHES) : [];
        const { line, title, start, end, timezone, allDay } = event;
        rows.push({
          line,
          title,
          start,
          end,
          timezone,
          allDay,
          action,
          ...(event.recurrence ? { repeats: true } : {}),
          ...(venue?.as && event.venue
            ? { venueRenamed: { from: event.venue.name, to: venue.as } }
            : {}),
          ...(clashes.length > 0
            ? {
                clashes: clashes.map(
                  ({ id: clashId, title: clashTitle, start: from, end: to }) => ({
                    id: clashId,
                    title: clashTitle,
                    start: from,
                    end: to,
                  }),
                ),
              }
            : {}),
        });
      });
  }
}
