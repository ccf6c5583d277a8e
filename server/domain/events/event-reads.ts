/**
 * Reading events: one event with its visibility and password protection, a series with the
 * occurrences the caller may read, and the lists with TEC's filters (event-filter.ts), their
 * selections kept between changes (list-selections.ts).
 */
import type { EventListQuery } from '#shared/schemas/event.ts';
import { can } from '../../auth/capabilities.ts';
import { DomainError } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { OrganizersService, VenuesService } from '../linked-posts/linked-posts.service.ts';
import { eventFilter } from './event-filter.ts';
import { createKeptEvents } from './kept-events.ts';
import { createListSelections } from './list-selections.ts';
import { createListWindows } from './event-dates.ts';
import { createLinkReader } from './event-links.ts';

export function createEventReads(
  deps: {
    events: EventsRepo;
    venues: VenuesService;
    organizers: OrganizersService;
    posts: PostsRepo;
    changes: ChangeLog;
    terms: TermsService;
  },
  find: (id: number) => StoredEvent,
) {
  const { events, posts, changes } = deps;
  const readable = createKeptEvents(changes, find);
  const selections = createListSelections(changes, events);
  const listing = { events, terms: deps.terms, windows: createListWindows() };

  /** One event for reading, as TEC answers it: trashed 403, not public 403, password 403. */
  function read(id: number, context: DomainContext, password: string | undefined): StoredEvent {
    const event = readable(id);
    if (event.status === 'trash')
      throw new DomainError('event-no-longer-available', 'This event is no longer available');
    if (!can.readPost(context.actor, event)) {
      throw new DomainError('event-not-accessible', 'The requested event is not accessible');
    }
    if (event.password && password !== event.password && !can.editPost(context.actor, event)) {
      throw new DomainError(
        'event-password-protected',
        'The requested event is not accessible without a password',
      );
    }
    return event;
  }

  return {
    find,
    getMany: (ids: readonly number[]) => events.getMany(ids),
    countAll: () => events.countAll(),
    idsBefore: (before: number, limit: number) => events.idsBefore(before, limit),

    /** The venues, organizers and terms a page of events links to, loaded together. */
    linkData: createLinkReader(deps, changes),

    idBySlug(slug: string, context: DomainContext): number | undefined {
      return posts.idBySlug('event', slug, context.language);
    },

    read,

    /** A series and the occurrences the caller may read, in slot order (404 for no series). */
    series(id: number, context: DomainContext, password: string | undefined) {
      const series = read(id, context, password);
      if (!series.recurrence)
        throw new DomainError('rest-event-not-found', `The event with ID ${id} is not a series.`);
      const occurrences = events
        .getMany(events.childIds(id))
        .filter((event) => event.recurrenceId && can.readPost(context.actor, event))
        .sort((a, b) => (a.recurrenceId! < b.recurrenceId! ? -1 : 1));
      return { series, occurrences };
    },

    list(query: EventListQuery, context: DomainContext) {
      const { filter, bounds, relativeToNow } = eventFilter(query, context, listing);
      const { ids, total } = selections.page(filter, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      if (ids.length === 0 && query.page > 1) {
        throw new DomainError(
          'event-archive-page-not-found',
          'The requested event archive page does not exist',
        );
      }
      return { ids, total, bounds, relativeToNow };
    },

    /** Every event a list query selects, hidden ones too, in start order: what an export writes. */
    selectAll(query: EventListQuery, context: DomainContext): number[] {
      const { filter } = eventFilter(query, context, listing);
      return Array.from(events.select({ ...filter, withHidden: true }));
    },
  };
}
