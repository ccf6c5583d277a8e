/**
 * A file's event as the record patch that creates or updates it: the write command every door
 * uses (a REST body becomes one in the TEC adapter, a sync push is one). Texts go into the row's
 * language, times are read in the event's zone (the API's rule and its messages), links are the
 * uuids of what the import's link resolver found or made by name, and the patch is checked
 * with the kind's patch schema, as a sync push is. Its texts are cleaned as an author's
 * (WordPress's kses, shared/text/kses/text-rules.ts): a file's texts come from outside.
 */
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import { KIND, type EventPatch } from '#shared/kinds/registry.ts';
import { cleanPatch, FILTERED } from '#shared/text/kses/text-rules.ts';
import type { DomainContext } from '../../domain/context.ts';
import { invalidParams } from '../../domain/errors.ts';
import { eventTimes } from '../../domain/events/event-dates.ts';
import { validateParams } from '../../domain/validate.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { FileEvent } from '../file-records.ts';

/**
 * Ids of what the event links to, found or made by the import's link resolver; undefined where
 * the file does not say (then the event's links of that kind are left alone).
 */
export type EventLinks = {
  venueId: number | null | undefined;
  organizerIds: number[] | undefined;
  categoryIds: number[] | undefined;
  tagIds: number[] | undefined;
  parentId: number | undefined;
};

/** Whether the file's event repeats: a series, or the first of occurrences read as events. */
export const repeats = (event: FileEvent) =>
  event.recurrence !== undefined || (event.ical?.recurrence.length ?? 0) > 0;

/**
 * The patch of a row: only what the file carries (a field it leaves undefined is not in it).
 * `fresh`: it creates the event, so a flag the file does not give reads false, as TEC's API
 * stores none unless sent, and a zone the file does not name is the calendar's.
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
  const { venueId, organizerIds, categoryIds, tagIds } = links;
  const text = (value: string | undefined) =>
    value === undefined ? undefined : { [language]: value };
  const patch: Record<string, unknown> = {
    title: { [language]: event.title },
    description: text(event.description),
    excerpt: text(event.excerpt),
    start: times.start,
    end: times.end,
    // Start and end are then read in the zone the event has (applyPatch).
    timezone: event.zoneUnsaid && !fresh ? undefined : timezone,
    allDay: event.allDay,
    venueUuid: venueId === undefined || venueId === null ? venueId : uuids('venue', [venueId])[0],
    organizerUuids: organizerIds && uuids('organizer', organizerIds),
    categoryUuids: categoryIds && uuids('category', categoryIds),
    tagUuids: tagIds && uuids('tag', tagIds),
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
  // A file's texts were written by someone outside: cleaned as an author's, whoever imports.
  return cleanPatch('event', validateParams(KIND.event.patch, patch), FILTERED);
}
