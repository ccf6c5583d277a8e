/**
 * A file's event as the record patch that creates or updates it: the write command every door
 * uses (a REST body becomes one in the TEC adapter, a sync push is one). Texts go into the row's
 * language, times are read in the event's zone (the API's rule and its messages), links are the
 * uuids of what the import's link resolver found or made by name, and the patch is checked
 * with the kind's patch schema, as a sync push is.
 */
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import { KIND, type EventPatch } from '#shared/kinds/registry.ts';
import type { DomainContext } from '../../domain/context.ts';
import { invalidParams } from '../../domain/errors.ts';
import { eventTimes } from '../../domain/events/event-dates.ts';
import { validateParams } from '../../domain/validate.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { FileEvent } from '../file-records.ts';

/** Ids of what the event links to, found or made by the import's link resolver. */
type EventLinks = {
  venueId: number | null;
  organizerIds: number[];
  categoryIds: number[];
  tagIds: number[];
  parentId: number | undefined;
};

/** Whether the file's event repeats: a series, or the first of occurrences read as events. */
export const repeats = (event: FileEvent) =>
  event.recurrence !== undefined || (event.ical?.recurrence.length ?? 0) > 0;

/**
 * The patch of a row. `fresh`: it creates the event, so a flag the file does not give reads
 * false, as TEC's API stores none unless sent.
 */
export function eventPatch(
  event: FileEvent,
  links: EventLinks,
  context: DomainContext,
  index: LinkIndex,
  fresh: boolean,
): EventPatch {
  const { language, settings, now } = context;
  // TEC's bodies refuse an empty title; a patch would read "" as removing the language's.
  if (event.title.trim() === '') throw invalidParams({ title: 'title must not be empty' });
  const timezone = event.timezone || settings.timezone;
  const times = eventTimes(event.start, event.end, timezone, event.allDay, now);
  const uuids = (kind: 'venue' | 'organizer' | 'category' | 'tag' | 'event', ids: number[]) => {
    const found = index.uuidsOf(kind, ids);
    return ids.map((id) => found.get(id)!);
  };
  const patch: Record<string, unknown> = {
    title: { [language]: event.title },
    description: { [language]: event.description },
    excerpt: { [language]: event.excerpt },
    start: times.start,
    end: times.end,
    timezone,
    allDay: event.allDay,
    venueUuid: links.venueId === null ? null : uuids('venue', [links.venueId])[0],
    organizerUuids: uuids('organizer', links.organizerIds),
    categoryUuids: uuids('category', links.categoryIds),
    tagUuids: uuids('tag', links.tagIds),
  };
  for (const { field } of EVENT_FLAGS)
    if (event[field] !== undefined || fresh) patch[field] = event[field] ?? false;
  if (event.status !== undefined) patch.status = event.status;
  if (event.cost !== undefined) patch.cost = event.cost;
  if (event.website !== undefined) patch.website = event.website;
  if (event.image !== undefined) patch.image = event.image;
  if (links.parentId !== undefined) patch.parentUuid = uuids('event', [links.parentId])[0];
  // A rule a series cannot hold ends the series the event was: its occurrences come as events.
  if (event.recurrence) patch.recurrence = event.recurrence;
  else if (repeats(event)) patch.recurrence = null;
  return validateParams(KIND.event.patch, patch);
}
