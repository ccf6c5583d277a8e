/**
 * An event's venue, organizers, categories, tags and parent, as an event body gives them.
 * `check` runs with validation (unknown ids are 400s before any permission check); `resolve`
 * runs inside the event's write, creating or matching inline venues, organizers and terms.
 */
import type {
  EventOrganizerInput,
  EventUpdateBody,
  EventVenueInput,
} from '#shared/schemas/event.ts';
import type { OrganizerCreateBody } from '#shared/schemas/organizer.ts';
import type { VenueCreateBody } from '#shared/schemas/venue.ts';
import { invalidParams } from '../../domain/errors.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { OrganizersService } from '../organizers/organizers.routes.ts';
import { CATEGORIES, TAGS } from '../terms/taxonomies.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { VenuesService } from '../venues/venues.routes.ts';
import { existingIds, type KnownIds } from '../../store/known-ids.ts';
import type { EventsRepo, StoredEvent } from './events.repo.ts';

type Deps = {
  events: EventsRepo;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
};

type Links = Pick<StoredEvent, 'venueId' | 'organizerIds' | 'categoryIds' | 'tagIds' | 'parentId'>;

const idOf = (ref: number | { id: number } | object): number | undefined =>
  typeof ref === 'number' ? ref : 'id' in ref && typeof ref.id === 'number' ? ref.id : undefined;

export function createEventLinks(deps: Deps) {
  const { events, venues, organizers, terms } = deps;

  function mustExist(
    kind: 'venue' | 'organizer' | 'event',
    ids: number[],
    param: string,
    known: KnownIds | undefined,
  ): void {
    const existing = existingIds(kind, ids, (unknown) => events.existing(kind, unknown), known);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0)
      throw invalidParams({ [param]: `${param}: ${missing.join(', ')} is not a ${kind}` });
  }

  function venueId(input: EventVenueInput, context: DomainContext): number | null {
    if (input === '') return null;
    return idOf(input) ?? venues.link(input as VenueCreateBody, context).id;
  }

  function organizerIds(input: EventOrganizerInput, context: DomainContext): number[] {
    return input.map((ref) => idOf(ref) ?? organizers.link(ref as OrganizerCreateBody, context).id);
  }

  return {
    /**
     * Ids the body names must exist (400 naming the parameter otherwise). `known`: ids this
     * write already found (store/known-ids.ts).
     */
    check(body: EventUpdateBody, selfId?: number, known?: KnownIds): void {
      if (body.venue !== undefined && body.venue !== '') {
        const id = idOf(body.venue);
        if (id !== undefined) mustExist('venue', [id], 'venue', known);
      }
      const organizerRefs = (body.organizer ?? []).flatMap((ref) => idOf(ref) ?? []);
      if (organizerRefs.length > 0) mustExist('organizer', organizerRefs, 'organizer', known);
      if (body.post_parent) {
        mustExist('event', [body.post_parent], 'post_parent', known);
        if (body.post_parent === selfId)
          throw invalidParams({ post_parent: 'post_parent: an event cannot be its own parent' });
      }
    },

    /** The links after a write: those sent replace the event's ("" and [] clear them). */
    resolve(
      body: EventUpdateBody,
      current: Links,
      context: DomainContext,
      known?: KnownIds,
    ): Links {
      return {
        venueId: body.venue === undefined ? current.venueId : venueId(body.venue, context),
        organizerIds:
          body.organizer === undefined
            ? current.organizerIds
            : organizerIds(body.organizer, context),
        categoryIds:
          body.categories === undefined
            ? current.categoryIds
            : terms.ensure(CATEGORIES, body.categories, context, known),
        tagIds:
          body.tags === undefined ? current.tagIds : terms.ensure(TAGS, body.tags, context, known),
        parentId: body.post_parent === undefined ? current.parentId : body.post_parent || null,
      };
    },
  };
}
