/**
 * Event rules (tec-rest-v1 §3.1, §4.1, §5.1): visibility and password protection, the list
 * filters, partial writes in one language, trash and delete. Validation (400) comes before
 * permission (401/403), as in WordPress.
 */
import { randomUUID } from 'node:crypto';
import type { EventCreateBody, EventListQuery, EventUpdateBody } from '#shared/schemas/event.ts';
import { statusBeforeTrashAfter } from '#shared/schemas/common.ts';
import { joinCostList } from '#shared/text/cost.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../auth/users.repo.ts';
import { invalidParams, DomainError } from '../../domain/errors.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller } from '../posts/access.ts';
import {
  applyPostTexts,
  assignableAuthor,
  checkAuthor,
  publicationDate,
  scaleStatus,
  scheduledStatus,
  slugsForStatus,
} from '../posts/post-rules.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import { eventTimes } from './event-dates.ts';
import type { createEventLinks } from './event-links.ts';
import { eventFilter } from './event-filter.ts';
import type { EventsRepo, StoredEvent } from './events.repo.ts';
import type { KnownIds } from '../../store/known-ids.ts';
import { blankEvent } from './blank-event.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { OrganizersService } from '../organizers/organizers.routes.ts';
import type { VenuesService } from '../venues/venues.routes.ts';
import type { EventLinkData } from './events.tec-mapper.ts';

type Deps = {
  events: EventsRepo;
  venues: VenuesService;
  organizers: OrganizersService;
  posts: PostsRepo;
  users: UsersRepo;
  changes: ChangeLog;
  links: ReturnType<typeof createEventLinks>;
  terms: TermsService;
};

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: Deps) {
  const { events, posts, users, changes, links } = deps;

  /** The event with this id: 404 when no post has it, 400 when it is another kind (TEC §4.1). */
  function find(id: number): StoredEvent {
    const event = events.get(id);
    if (event) return event;
    if (posts.kindOf(id))
      throw new DomainError(
        'rest-invalid-event-id',
        `The ID ${id} is not associated with an event.`,
      );
    throw new DomainError('rest-event-not-found', `The event with ID ${id} was not found.`);
  }

  function checkImage(body: EventUpdateBody, caller: Principal): void {
    if (body.image && !can.uploadFiles(caller))
      throw invalidParams({ image: 'image: your role may not add images' });
  }

  /** The event after applying what the body sends (translatable fields in the request language). */
  function apply(
    event: StoredEvent,
    body: EventUpdateBody,
    caller: Principal,
    context: DomainContext,
    known?: KnownIds,
  ): StoredEvent {
    const zone =
      body.timezone || (body.timezone === '' ? context.settings.timezone : event.timezone);
    const allDay = body.all_day ?? event.allDay;
    const times =
      body.start_date !== undefined ||
      body.end_date !== undefined ||
      zone !== event.timezone ||
      allDay !== event.allDay
        ? eventTimes(
            body.start_date ?? event.start,
            body.end_date ?? event.end,
            zone,
            allDay,
            context.now,
          )
        : { start: event.start, end: event.end, startUtc: event.startUtc, endUtc: event.endUtc };
    const next: StoredEvent = {
      ...event,
      ...applyPostTexts(posts, 'event', context.language, event.id, event, body),
      ...times,
      timezone: zone,
      allDay,
      cost:
        body.cost === undefined
          ? event.cost
          : Array.isArray(body.cost)
            ? joinCostList(body.cost)
            : String(body.cost).trim(),
      website: body.website ?? event.website,
      image: body.image ?? event.image,
      showMap: body.show_map ?? event.showMap,
      showMapLink: body.show_map_link ?? event.showMapLink,
      hideFromListings: body.hide_from_listings ?? event.hideFromListings,
      sticky: body.sticky ?? event.sticky,
      featured: body.featured ?? event.featured,
      password: body.password ?? event.password,
      author: assignableAuthor(caller, body.author, event.author),
      date: publicationDate(body, context.settings.timezone) ?? event.date,
      ...links.resolve(body, event, context, known),
    };
    if (body.status !== undefined) next.status = scaleStatus(caller, body.status);
    next.status = scheduledStatus(next.status, next.date, context.now);
    next.statusBeforeTrash = statusBeforeTrashAfter(event, next.status);
    next.slug = slugsForStatus(posts, 'event', event.id, next.slug, next.status);
    return next;
  }

  /**
   * Stores a new event and gives its id, without reading it back (an import needs no more).
   * `uuid`: one the client chose; `known`: ids this write already found (store/known-ids.ts).
   */
  function add(
    body: EventCreateBody,
    context: DomainContext,
    options: { uuid?: string; known?: KnownIds } = {},
  ): number {
    const { uuid = randomUUID(), known } = options;
    checkAuthor(users, body.author);
    links.check(body, undefined, known);
    const caller = requireCaller(context, can.createPosts);
    checkImage(body, caller);
    const fresh = blankEvent(caller, body, context, uuid);
    // The blank already has the body's times, zone and status: apply the rest, store once.
    const rest = { ...body, status: undefined, start_date: undefined, end_date: undefined };
    return changes.write((rev) =>
      events.insert({ ...apply(fresh, rest, caller, context, known), rev }),
    );
  }

  function save(event: StoredEvent, rev: number, context: DomainContext): StoredEvent {
    return events.update({ ...event, rev, modified: toUtcString(context.now) });
  }

  return {
    find,
    getMany: (ids: readonly number[]) => events.getMany(ids),

    /** The venues, organizers and terms a page of events links to, loaded together. */
    linkData(list: readonly StoredEvent[]): EventLinkData {
      const unique = (ids: number[]) => [...new Set(ids)];
      const termIds = unique(list.flatMap((event) => [...event.categoryIds, ...event.tagIds]));
      return {
        venues: new Map(
          deps.venues
            .getMany(unique(list.flatMap((event) => event.venueId ?? [])))
            .map((v) => [v.id, v]),
        ),
        organizers: new Map(
          deps.organizers
            .getMany(unique(list.flatMap((event) => event.organizerIds)))
            .map((o) => [o.id, o]),
        ),
        terms: new Map(deps.terms.getMany(termIds).map((term) => [term.id, term])),
        termCounts: deps.terms.counts(termIds),
      };
    },

    idBySlug(slug: string, context: DomainContext): number | undefined {
      return posts.idBySlug('event', slug, context.language);
    },

    /** One event for reading (TEC §4.1): trashed 403, not public 403, password 403. */
    read(id: number, context: DomainContext, password: string | undefined): StoredEvent {
      const event = find(id);
      if (event.status === 'trash')
        throw new DomainError(
          'event-no-longer-available',
          `The event with ID ${id} has been trashed.`,
        );
      if (!can.readPost(context.actor, event)) {
        throw new DomainError('event-not-accessible', `The event with ID ${id} is not accessible.`);
      }
      if (event.password && password !== event.password && !can.editPost(context.actor, event)) {
        throw new DomainError(
          'event-password-protected',
          `The event with ID ${id} is password protected.`,
        );
      }
      return event;
    },

    list(query: EventListQuery, context: DomainContext) {
      const { filter, echo, relativeToNow } = eventFilter(query, context, {
        events,
        terms: deps.terms,
      });
      const { ids, total } = events.list(filter);
      if (ids.length === 0 && query.page > 1) {
        throw new DomainError(
          'event-archive-page-not-found',
          'The requested event archive page does not exist.',
        );
      }
      return { events: events.getMany(ids), total, echo, relativeToNow };
    },

    /** Every event a list query selects, hidden ones too, in start order: what an export writes. */
    selectAll(query: EventListQuery, context: DomainContext): number[] {
      const { filter } = eventFilter(query, context, { events, terms: deps.terms });
      return events.list({ ...filter, limit: -1, offset: 0, withHidden: true }).ids;
    },

    /** `uuid`: the identity a sync client chose for a record it created offline. */
    create(
      body: EventCreateBody,
      context: DomainContext,
      uuid: string = randomUUID(),
    ): StoredEvent {
      return find(add(body, context, { uuid }));
    },

    add,

    update(id: number, body: EventUpdateBody, context: DomainContext): StoredEvent {
      const event = find(id);
      checkAuthor(users, body.author);
      links.check(body, id);
      if (body.start_date !== undefined || body.end_date !== undefined) {
        eventTimes(
          body.start_date ?? event.start,
          body.end_date ?? event.end,
          event.timezone,
          false,
          context.now,
        );
      }
      const caller = requireCaller(context, (user) => can.editPost(user, event));
      checkImage(body, caller);
      return changes.write((rev) => save(apply(event, body, caller, context), rev, context));
    },

    /** Moves to the trash (410 when already there), or deletes for good with `force`. */
    remove(id: number, force: boolean, context: DomainContext): StoredEvent {
      const event = find(id);
      requireCaller(context, (user) => can.deletePost(user, event));
      const now = toUtcString(context.now);
      if (force) {
        changes.write((rev) => {
          posts.touch(events.childIds(id), rev, now, ['parentUuid']);
          changes.tombstone('event', event.uuid, id, rev, now);
          posts.delete(id);
        });
        return event;
      }
      if (event.status === 'trash')
        throw new DomainError(
          'event-is-in-trash',
          `The event with ID ${id} is already in the trash.`,
        );
      // One write: the status and the freed slugs (`slug__trashed`) together.
      return changes.write((rev) =>
        save(
          {
            ...event,
            status: 'trash',
            statusBeforeTrash: event.status,
            slug: slugsForStatus(posts, 'event', id, event.slug, 'trash'),
          },
          rev,
          context,
        ),
      );
    },
  };
}
