/**
 * Events to write into a file, a page at a time with what they link to (venue, organizers,
 * categories, tags, what an ICS import kept), in one query per table per page: 100k events
 * stream out without holding them all, and without a query per event.
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { StoredEvent } from '../resources/events/events.repo.ts';
import type { IcalRepo, KeptIcal } from './ical.repo.ts';
import type { RecordRepos } from './record-repos.ts';

export type ExportEvent = {
  event: StoredEvent;
  venue: Venue | null;
  organizers: Organizer[];
  categories: Term[];
  tags: Term[];
  ical: KeptIcal | undefined;
};

const PAGE = 500;

const unique = (ids: number[]) => [...new Set(ids)];

export function* exportPages(
  ids: readonly number[],
  repos: RecordRepos,
  ical: IcalRepo,
): Generator<ExportEvent[]> {
  for (let start = 0; start < ids.length; start += PAGE) {
    const events = repos.events.getMany(ids.slice(start, start + PAGE));
    const venues = new Map(
      repos.venues
        .getMany(unique(events.flatMap((event) => event.venueId ?? [])))
        .map((venue) => [venue.id, venue]),
    );
    const organizers = new Map(
      repos.organizers
        .getMany(unique(events.flatMap((event) => event.organizerIds)))
        .map((organizer) => [organizer.id, organizer]),
    );
    const terms = new Map(
      repos.terms
        .getMany(unique(events.flatMap((event) => [...event.categoryIds, ...event.tagIds])))
        .map((term) => [term.id, term]),
    );
    const kept = ical.getMany(events.map((event) => event.id));
    yield events.map((event) => ({
      event,
      venue: (event.venueId !== null && venues.get(event.venueId)) || null,
      organizers: event.organizerIds.flatMap((id) => organizers.get(id) ?? []),
      categories: event.categoryIds.flatMap((id) => terms.get(id) ?? []),
      tags: event.tagIds.flatMap((id) => terms.get(id) ?? []),
      ical: kept.get(event.id),
    }));
  }
}
