/**
 * Events to write into a file, a page at a time with what they link to (venue, organizers,
 * categories, tags, what an ICS import kept), in one query per table per page: 100k events
 * stream out without holding them all, and without a query per event.
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { StoredEvent } from '../store/events.repo.ts';
import type { IcalRepo, KeptIcal } from '../store/ical.repo.ts';
import type { RecordRepos } from './record-repos.ts';

export type ExportEvent = {
  event: StoredEvent;
  venue: Venue | null;
  organizers: Organizer[];
  categories: Term[];
  tags: Term[];
  ical: KeptIcal | undefined;
};

/** Records read per query when a file is written: enough to batch, small enough to stream. */
const PAGE = 500;

/** `ids` read a page at a time, in order. */
export function* pagesOf<T>(ids: readonly number[], load: (ids: number[]) => T[]): Generator<T[]> {
  for (let start = 0; start < ids.length; start += PAGE) yield load(ids.slice(start, start + PAGE));
}

/** Linked records kept from page to page; past this many, a page reads its own again. */
const KEPT_LINKED = 20_000;

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Records by id, read once for all pages: 100k events link to a few thousand venues,
 * organizers and terms, and each page of 500 names most of them again.
 */
function linkedCache<T extends { id: number }>(read: (ids: number[]) => T[]) {
  const kept = new Map<number, T>();
  return (ids: number[]): Map<number, T> => {
    const wanted = unique(ids);
    if (kept.size + wanted.length > KEPT_LINKED) kept.clear();
    const missing = wanted.filter((id) => !kept.has(id));
    if (missing.length > 0) for (const record of read(missing)) kept.set(record.id, record);
    return kept;
  };
}

export function* exportPages(
  ids: readonly number[],
  repos: RecordRepos,
  ical: IcalRepo,
): Generator<ExportEvent[]> {
  const venuesOf = linkedCache((list) => repos.venues.getMany(list));
  const organizersOf = linkedCache((list) => repos.organizers.getMany(list));
  const termsOf = linkedCache((list) => repos.terms.getMany(list));
  for (const events of pagesOf(ids, (page) => repos.events.getMany(page))) {
    const venues = venuesOf(events.flatMap((event) => event.venueId ?? []));
    const organizers = organizersOf(events.flatMap((event) => event.organizerIds));
    const terms = termsOf(events.flatMap((event) => [...event.categoryIds, ...event.tagIds]));
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
