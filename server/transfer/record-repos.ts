/**
 * The record repos over one connection, for bulk work (backups, restores, imports) that reads or
 * writes many records at once without the REST services' per-request rules.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import { createEventsRepo } from '../store/events.repo.ts';
import { createLinkedPostsRepo } from '../store/linked-posts.repo.ts';
import { organizerTable } from '../store/organizer-table.ts';
import { createPostsRepo } from '../store/posts.repo.ts';
import { createTermsRepo } from '../store/terms.repo.ts';
import { venueTable } from '../store/venue-table.ts';
import type { Database } from '../store/database.ts';

export type RecordRepos = ReturnType<typeof recordRepos>;

export function recordRepos(db: Database) {
  const posts = createPostsRepo(db);
  const events = createEventsRepo(db);
  const venues = createLinkedPostsRepo(db, venueTable);
  const organizers = createLinkedPostsRepo(db, organizerTable);
  const terms = createTermsRepo(db);
  return {
    posts,
    events,
    venues,
    organizers,
    terms,
    /** Stored records of a kind, by id, in one query per table. */
    load(kind: Kind, ids: readonly number[]): object[] {
      if (kind === 'event') return events.getMany(ids);
      if (kind === 'venue') return venues.getMany(ids);
      if (kind === 'organizer') return organizers.getMany(ids);
      return terms.getMany(ids);
    },
  };
}
