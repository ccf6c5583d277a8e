/**
 * Event rules: visibility and password protection, the list filters, partial writes in one
 * language, trash and delete. Reading (event-reads.ts) and writing (event-writes.ts) share the
 * post kernel, which finds, applies and stores an event as every post.
 */
import type { DomainContext } from '../context.ts';
import type { UsersRepo } from '../../store/users.repo.ts';
import { DomainError } from '../errors.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import { createPostKernel } from '../posts/post-kernel.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { OrganizersService, VenuesService } from '../linked-posts/linked-posts.service.ts';
import { createEventReads } from './event-reads.ts';
import { createEventWrites } from './event-writes.ts';
import type { BookingsService, ClashingEvent } from '../bookings/bookings.service.ts';
import type { Writer } from '#shared/text/kses/text-rules.ts';

type Deps = {
  events: EventsRepo;
  venues: VenuesService;
  organizers: OrganizersService;
  posts: PostsRepo;
  users: UsersRepo;
  changes: ChangeLog;
  /** A fresh index of ids and uuids, for one write. */
  links: () => LinkIndex;
  terms: TermsService;
  bookings: BookingsService;
};

/** The parts of the events service inside this room: its reads and its writes. */
type EventReads = ReturnType<typeof createEventReads>;
type EventWrites = ReturnType<typeof createEventWrites>;

/** Events: their reads and the write command (a series' occurrences follow it), and clashes. */
export type EventsService = EventReads &
  EventWrites & {
    /** The events that clash with this one at its venue (docs/decisions.md). */
    clashesOf: (event: StoredEvent, context: DomainContext, limit?: number) => ClashingEvent[];
    toClean: (ids: readonly number[], writer: Writer) => number[];
    cleanStored: (ids: readonly number[], writer: Writer, rev: number, now: Date) => StoredEvent[];
  };

export function createEventsService(deps: Deps): EventsService {
  const { events, posts } = deps;
  const kernel = createPostKernel<StoredEvent>(
    {
      kind: 'event',
      repo: events,
      // 404 when no post has the id, 400 when it is another kind (as TEC answers).
      notFound: (id) =>
        posts.kindOf(id)
          ? new DomainError('rest-invalid-event-id', 'The specified ID is not a valid event.')
          : new DomainError('rest-event-not-found', `Event with ID ${id} does not exist.`),
      inTrash: () => new DomainError('event-is-in-trash', 'The event is already trashed'),
      dependents: (id) => ({ ids: events.childIds(id), fields: ['parentUuid'] }),
    },
    deps,
  );
  return {
    ...createEventReads(deps, kernel.find),
    ...createEventWrites(deps, kernel),
    /** The events that clash with this one at its venue (docs/decisions.md). */
    clashesOf: (event: StoredEvent, context: DomainContext, limit?: number) =>
      deps.bookings.clashesOf(event, context, limit),
    // Texts stored before the rule of who may write HTML (posts/texts-before-html-rule.ts).
    toClean: kernel.toClean,
    cleanStored: kernel.cleanStored,
  };
}
