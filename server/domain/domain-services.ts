/**
 * The write command's services over one connection: events, venues, organizers and terms with
 * the repos they share. The server's composition root (services.ts) builds them over its
 * connection; a large file's import builds the same over a connection of its own, in its
 * worker thread (transfer/import/import-worker.ts), so every door keeps the same rules.
 */
import { createUsersRepo, type UsersRepo } from '../store/users.repo.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import { createEventsRepo } from '../store/events.repo.ts';
import { createBookingsRepo } from '../store/bookings.repo.ts';
import { createBookingsService, type BookingsService } from './bookings/bookings.service.ts';
import { createLinkIndex } from '../store/link-index.ts';
import { createLinkedPostsRepo } from '../store/linked-posts.repo.ts';
import { organizerTable } from '../store/organizer-table.ts';
import { venueTable } from '../store/venue-table.ts';
import { createPostsRepo, type PostsRepo } from '../store/posts.repo.ts';
import { createTermsRepo, type TermsRepo } from '../store/terms.repo.ts';
import { createEventsService, type EventsService } from './events/events.service.ts';
import {
  createLinkedPostsService,
  type OrganizersService,
  type VenuesService,
} from './linked-posts/linked-posts.service.ts';
import { organizerSpec } from './linked-posts/organizer-spec.ts';
import { venueSpec } from './linked-posts/venue-spec.ts';
import { createTermsService, type TermsService } from './terms/terms.service.ts';

/** The write command's services, and the repos the rooms above read besides them. */
export type DomainServices = {
  users: UsersRepo;
  posts: PostsRepo;
  termsRepo: TermsRepo;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
  events: EventsService;
  bookings: BookingsService;
};

export function createDomainServices(db: Database, changes: ChangeLog): DomainServices {
  const users = createUsersRepo(db);
  const posts = createPostsRepo(db);
  const postDeps = { posts, users, changes };
  const venues = createLinkedPostsService(
    venueSpec,
    createLinkedPostsRepo(db, venueTable),
    postDeps,
  );
  const organizers = createLinkedPostsService(
    organizerSpec,
    createLinkedPostsRepo(db, organizerTable),
    postDeps,
  );
  const termsRepo = createTermsRepo(db);
  const links = () => createLinkIndex(db);
  const terms = createTermsService({ terms: termsRepo, posts, changes, links });
  const eventsRepo = createEventsRepo(db);
  const bookings = createBookingsService({ bookings: createBookingsRepo(db), events: eventsRepo });
  const events = createEventsService({
    events: eventsRepo,
    bookings,
    venues,
    organizers,
    posts,
    users,
    changes,
    links,
    terms,
  });
  return { users, posts, termsRepo, venues, organizers, terms, events, bookings };
}
