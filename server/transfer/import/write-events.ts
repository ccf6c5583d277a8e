/**
 * The events of an import, a page at a time: each is matched to a stored event (UID/uuid,
 * else title + start), left alone when it already says what the file says, else created or
 * updated through TEC's event bodies with its links found or made once per import. The page's
 * matched events are read together, so matching costs a few queries per page.
 */
import { eventCreateBodySchema, eventUpdateBodySchema } from '#shared/schemas/event.ts';
import type { Language } from '#shared/languages.ts';
import type { DomainContext } from '../../domain/context.ts';
import { validateParams } from '../../domain/validate.ts';
import { exportPages } from '../export-records.ts';
import type { FileEvent } from '../file-records.ts';
import { eventBody, saysTheSame } from './event-body.ts';
import { createEventMatcher } from './event-matcher.ts';
import type { ImportDeps } from './import-file.ts';
import type { ImportRow } from './import-summary.ts';
import { createLinkResolver } from './link-resolver.ts';
import { createLinkIndex } from '../../store/link-index.ts';
import { createSource, updateSource } from '../../resources/events/tec-event-body.ts';

const PAGE = 500;

export type EventWrite = {
  rev: number;
  /** Runs one row's work; a refusal becomes a problem on its line. */
  attempt: (line: number, work: () => void) => void;
  /** The request context for texts in `language` (the file's language when null). */
  inLanguage: (language: Language | null) => DomainContext;
  rows: ImportRow[];
};

export function writeEvents(
  deps: ImportDeps,
  events: readonly FileEvent[],
  write: EventWrite,
): void {
  const { rev, attempt, inLanguage, rows } = write;
  const { language: fileLanguage, settings } = inLanguage(null);
  const matcher = createEventMatcher(deps.db);
  const index = createLinkIndex(deps.db);
  const links = createLinkResolver(deps, index);
  for (let start = 0; start < events.length; start += PAGE) {
    const page = events.slice(start, start + PAGE);
    const matched = page.flatMap((event) => matcher.match(event) ?? []);
    const stored = new Map(
      [...exportPages(matched, deps.repos, deps.ical)].flat().map((item) => [item.event.id, item]),
    );
    for (const event of page)
      attempt(event.line, () => {
        const language = event.language ?? fileLanguage;
        let id = matcher.match(event);
        const known = id === undefined ? undefined : stored.get(id);
        let action: ImportRow['action'] = 'unchanged';
        if (
          id === undefined ||
          !known ||
          !saysTheSame(event, known, language, settings.defaultLanguage)
        ) {
          const context = inLanguage(event.language);
          const body = eventBody(event, {
            venueId: event.venue ? links.venue(event.venue, context) : null,
            organizerIds: event.organizers.map((organizer) => links.organizer(organizer, context)),
            categoryIds: links.terms('category', event.categories, context),
            tagIds: links.terms('tag', event.tags, context),
            parentId: event.seriesUid ? matcher.idOfUid(event.seriesUid) : undefined,
          });
          if (id === undefined) {
            const source = createSource(
              deps.eventBodies,
              validateParams(eventCreateBodySchema, body),
              context,
            );
            id = deps.events.create(source, context, { index }).id;
            action = 'new';
          } else {
            const source = updateSource(
              deps.eventBodies,
              validateParams(eventUpdateBodySchema, body),
              context,
            );
            deps.events.update(id, source, context, { index });
            action = 'updated';
          }
        }
        matcher.remember(event, id);
        if (event.ical)
          deps.ical.put(id, {
            ...event.ical,
            // Each occurrence keeps its own identity (series UID/recurrence id) to match on.
            uid: event.uid ?? event.ical.uid,
            seriesUid: event.seriesUid ?? null,
            importedRev: rev,
          });
        const { line, title, start, timezone, allDay } = event;
        rows.push({ line, title, start, timezone, allDay, action });
      });
  }
}
