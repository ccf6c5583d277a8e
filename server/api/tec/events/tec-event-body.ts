/**
 * TEC's event bodies as record patches. `check` runs before any permission
 * check, as WordPress validates first: unknown ids (400 naming TEC's parameter), a series that
 * is the event itself, unreadable dates. `patchOf` runs inside the write, after the permission
 * check, because TEC bodies may create what they name: inline venues and organizers, terms by
 * name. Texts go into the request's language; times are read in the event's zone; ids become
 * uuids, the names a patch gives links.
 */
import { EVENT_FLAGS, flagEntries } from '#shared/kinds/event-flags.ts';
import type {
  EventCreateBody,
  EventOrganizerInput,
  EventUpdateBody,
  EventVenueInput,
} from '#shared/schemas/event.ts';
import { EVENT_TEXTS, type EventPatch, type Kind } from '#shared/kinds/registry.ts';
import type { OrganizerCreateBody } from '#shared/schemas/organizer.ts';
import type { VenueCreateBody } from '#shared/schemas/venue.ts';
import { joinCostList } from '#shared/text/cost.ts';
import type { UsersRepo } from '../../../store/users.repo.ts';
import type { DomainContext } from '../../../domain/context.ts';
import { invalidParams } from '../../../domain/errors.ts';
import type { LinkIndex } from '../../../store/link-index.ts';
import type { OrganizerBodies } from '../organizers/organizers.routes.ts';
import { checkAuthor } from '../../../domain/posts/post-rules.ts';
import { publicationDate } from '../posts/tec-post-body.ts';
import { CATEGORIES, TAGS } from '../../../domain/terms/taxonomies.ts';
import type { TermsService } from '../../../domain/terms/terms.service.ts';
import type { VenueBodies } from '../venues/venues.routes.ts';
import { checkEventDate, eventTimes } from '../../../domain/events/event-dates.ts';
import type { StoredEvent } from '../../../store/events.repo.ts';
import type { PatchSource } from '../../../domain/events/event-writes.ts';

type Deps = {
  users: UsersRepo;
  venues: VenueBodies;
  organizers: OrganizerBodies;
  terms: TermsService;
};

const idOf = (ref: number | { id: number } | object): number | undefined =>
  typeof ref === 'number' ? ref : 'id' in ref && typeof ref.id === 'number' ? ref.id : undefined;

export function createTecEventBodies(deps: Deps) {
  const { users, venues, organizers, terms } = deps;

  /** The uuids of ids that must be records of the kind (400 naming `param` otherwise). */
  function uuidsOf(kind: Kind, ids: number[], param: string, index: LinkIndex): string[] {
    const found = index.uuidsOf(kind, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw invalidParams({ [param]: `${param}: ${missing.join(', ')} is not a ${kind}` });
    return ids.map((id) => found.get(id)!);
  }

  function venueUuid(input: EventVenueInput, context: DomainContext, index: LinkIndex) {
    if (input === '') return null;
    const id = idOf(input);
    if (id !== undefined) return uuidsOf('venue', [id], 'venue', index)[0]!;
    const venue = venues.link(input as VenueCreateBody, context);
    index.remember('venue', venue.id, venue.uuid);
    return venue.uuid;
  }

  function organizerUuids(input: EventOrganizerInput, context: DomainContext, index: LinkIndex) {
    return input.map((ref) => {
      const id = idOf(ref);
      if (id !== undefined) return uuidsOf('organizer', [id], 'organizer', index)[0]!;
      const organizer = organizers.link(ref as OrganizerCreateBody, context);
      index.remember('organizer', organizer.id, organizer.uuid);
      return organizer.uuid;
    });
  }

  function termUuids(
    kind: 'category' | 'tag',
    items: readonly string[],
    context: DomainContext,
    index: LinkIndex,
  ): string[] {
    const ids = terms.ensure(kind === 'category' ? CATEGORIES : TAGS, items, context, index);
    return uuidsOf(kind, ids, kind === 'category' ? 'categories' : 'tags', index);
  }

  return {
    /**
     * What a body must get right before anyone's rights are looked at. An update's dates too (a
     * create's are read with its blank, after the permission check, as before).
     */
    check(
      body: EventUpdateBody,
      selfId: number | undefined,
      context: DomainContext,
      index: LinkIndex,
    ): void {
      checkAuthor(users, body.author);
      if (body.venue !== undefined && body.venue !== '' && body.venue !== 0) {
        const id = idOf(body.venue);
        if (id !== undefined) uuidsOf('venue', [id], 'venue', index);
      }
      const organizerRefs = (body.organizer ?? []).flatMap((ref) => idOf(ref) ?? []);
      if (organizerRefs.length > 0) uuidsOf('organizer', organizerRefs, 'organizer', index);
      if (body.post_parent) {
        uuidsOf('event', [body.post_parent], 'post_parent', index);
        if (body.post_parent === selfId)
          throw invalidParams({ post_parent: 'post_parent: an event cannot be its own parent' });
      }
      if (selfId === undefined) return;
      const zone = body.timezone || context.settings.timezone;
      for (const name of ['start_date', 'end_date'] as const) {
        const value = body[name];
        if (value !== undefined) checkEventDate(value, name, zone, context.now);
      }
    },

    /** The patch a body makes of `event` (a blank one for a create). */
    patchOf(
      body: EventUpdateBody,
      event: StoredEvent,
      context: DomainContext,
      index: LinkIndex,
    ): EventPatch {
      const { language, settings } = context;
      const patch: EventPatch = {};
      for (const field of EVENT_TEXTS) {
        const text = body[field];
        if (text !== undefined) patch[field] = { [language]: text };
      }
      const timezone = body.timezone || (body.timezone === '' ? settings.timezone : event.timezone);
      const allDay = body.all_day ?? event.allDay;
      if (
        body.start_date !== undefined ||
        body.end_date !== undefined ||
        timezone !== event.timezone ||
        allDay !== event.allDay
      ) {
        const times = eventTimes(
          body.start_date ?? event.start,
          body.end_date ?? event.end,
          timezone,
          allDay,
          context.now,
        );
        Object.assign(patch, { start: times.start, end: times.end, timezone, allDay });
      }
      if (body.cost !== undefined)
        patch.cost = Array.isArray(body.cost) ? joinCostList(body.cost) : String(body.cost).trim();
      if (body.website !== undefined) patch.website = body.website;
      if (body.image !== undefined) patch.image = body.image;
      for (const { tec, field } of EVENT_FLAGS)
        if (body[tec] !== undefined) patch[field] = body[tec];
      if (body.password !== undefined) patch.password = body.password;
      if (body.status !== undefined) patch.status = body.status;
      if (body.author !== undefined) patch.author = body.author;
      const date = publicationDate(body, settings.timezone);
      if (date !== undefined) patch.date = date;
      // 0 names no venue: the event keeps the one it has, as in TEC.
      if (body.venue !== undefined && body.venue !== 0)
        patch.venueUuid = venueUuid(body.venue, context, index);
      if (body.organizer !== undefined)
        patch.organizerUuids = organizerUuids(body.organizer, context, index);
      if (body.categories !== undefined)
        patch.categoryUuids = termUuids('category', body.categories, context, index);
      if (body.tags !== undefined) patch.tagUuids = termUuids('tag', body.tags, context, index);
      if (body.recurrence !== undefined) patch.recurrence = body.recurrence || null;
      if (body.post_parent !== undefined)
        patch.parentUuid = body.post_parent
          ? uuidsOf('event', [body.post_parent], 'post_parent', index)[0]!
          : null;
      return patch;
    },
  };
}

export type TecEventBodies = ReturnType<typeof createTecEventBodies>;

/**
 * What a create body writes. TEC's API stores no flag unless sent, so the map flags read false;
 * nor an empty website: the event has none stored and shows its public page (measured on TEC
 * 6.17.2; an update's "" is stored).
 */
export function createSource(
  bodies: TecEventBodies,
  body: EventCreateBody,
  context: DomainContext,
): PatchSource {
  return {
    check: (_, index) => bodies.check(body, undefined, context, index),
    patch: (blank, index) => {
      const patch = bodies.patchOf(body, blank, context, index);
      if (patch.website === '') delete patch.website;
      return { ...flagEntries('field', () => false), ...patch };
    },
  };
}

/**
 * What an update body writes. TEC stores the website on every update, "" when the body sends
 * none: an event that had none stored shows "" from then on, no longer its public page
 * (measured on TEC 6.17.2). A website the event has is kept: Marquee's updates are partial. An
 * occurrence keeps following its series' website (TEC's API has no series).
 */
export function updateSource(
  bodies: TecEventBodies,
  body: EventUpdateBody,
  context: DomainContext,
): PatchSource {
  return {
    check: (event, index) => bodies.check(body, event.id, context, index),
    patch: (event, index) => {
      const patch = bodies.patchOf(body, event, context, index);
      if (body.website === undefined && event.website === null && !event.recurrenceId)
        patch.website = '';
      return patch;
    },
  };
}
