/**
 * The records an event links (venue, organizers, categories, tags, its series): for a write,
 * the ids of the uuids a patch names (400 naming the field for unknown ones); for reading, the
 * linked records of a whole page at once.
 */
import { KIND, type EventPatch, type Kind } from '#shared/kinds/registry.ts';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { StoredTerm } from '../../store/terms.repo.ts';
import { invalidParams } from '../errors.ts';
import type { OrganizersService, VenuesService } from '../linked-posts/linked-posts.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { perChange } from '../per-change.ts';
import type { LinkIds } from './series-writes.ts';

/** The venues, organizers and terms a page of events links to, loaded together. */
export type EventLinkData = {
  venues: Map<number, Venue>;
  organizers: Map<number, Organizer>;
  terms: Map<number, StoredTerm>;
  termCounts: Map<number, number>;
};

/** The links of an event: patch field, kind, and the field of the ids (`venueUuid` → `venueId`). */
const LINKS = (Object.entries(KIND.event.links) as [keyof EventPatch, Kind][]).map(
  ([field, kind]) => [field, kind, field.replace(/Uuid(s?)$/, 'Id$1')] as const,
);

/**
 * The ids of the records the patch links by uuid (400 naming the field for unknown ones): for
 * each link of the kind (`venueUuid` → `venueId`, `organizerUuids` → `organizerIds`…).
 */
export function linkIdsOf(patch: EventPatch, selfUuid: string, index: LinkIndex): Partial<LinkIds> {
  if (patch.parentUuid === selfUuid)
    throw invalidParams({ post_parent: 'post_parent: an event cannot be its own parent' });
  const ids: Record<string, unknown> = {};
  for (const [field, kind, idField] of LINKS) {
    const sent = patch[field] as string | string[] | null | undefined;
    if (sent === undefined) continue;
    const uuids = sent === null ? [] : Array.isArray(sent) ? sent : [sent];
    const found = index.idsOf(kind, uuids);
    const missing = uuids.find((uuid) => !found.has(uuid));
    if (missing !== undefined)
      throw invalidParams({ [field]: `${field}: no ${kind} has the uuid ${missing}` });
    const list = [...new Set(uuids.map((uuid) => found.get(uuid)!))];
    ids[idField] = Array.isArray(sent) ? list : (list[0] ?? null);
  }
  return ids;
}

type LinkedServices = {
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
};

/** Linked records kept at once, per kind. */
const MAX_KEPT = 20_000;

const byId = <T extends { id: number }>(records: readonly T[]) =>
  new Map(records.map((record) => [record.id, record]));

/**
 * The venues, organizers and terms pages of events link to, loaded together and kept until the
 * next change: a calendar has few of them next to its events, and every page links again to
 * the same ones (at 100k events, loading them was a third of an uncached list's time).
 */
export function createLinkReader(services: LinkedServices, changes: { latest(): number }) {
  const venues = perChange<Venue>(() => changes.latest(), MAX_KEPT);
  const organizers = perChange<Organizer>(() => changes.latest(), MAX_KEPT);
  const terms = perChange<StoredTerm>(() => changes.latest(), MAX_KEPT);
  return (list: readonly StoredEvent[]): EventLinkData => {
    const termIds = list.flatMap((event) => [...event.categoryIds, ...event.tagIds]);
    return {
      venues: venues.many(
        list.flatMap((event) => event.venueId ?? []),
        (ids) => byId(services.venues.getMany(ids)),
      ),
      organizers: organizers.many(
        list.flatMap((event) => event.organizerIds),
        (ids) => byId(services.organizers.getMany(ids)),
      ),
      terms: terms.many(termIds, (ids) => byId(services.terms.getMany(ids))),
      termCounts: services.terms.counts(termIds),
    };
  };
}
