/**
 * SQL of scheduled publication: when the next `future` post is due, and publishing the ones
 * that are (the `posts` row and the events listing's copy of the status, see migration 0002).
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';
import { fieldPatch } from './posts.repo.ts';

// Every post kind: the (kind, status, date_utc) index answers each one.
const KINDS = "kind IN ('event', 'venue', 'organizer') AND status = 'future'";

export type ScheduledPostsRepo = ReturnType<typeof createScheduledPostsRepo>;

export function createScheduledPostsRepo(db: Database) {
  return {
    /** The earliest publication date (UTC) of a scheduled post, if there is one. */
    nextDue(): string | undefined {
      const row = db.prepare(`SELECT MIN(date_utc) AS due FROM posts WHERE ${KINDS}`).get() as
        { due: string | null } | undefined;
      return row?.due ?? undefined;
    },

    /**
     * Publishes the scheduled posts due at `nowUtc` with revision `rev`, their status stamped
     * as changed for sync. `modified` stays: WordPress's wp_publish_post leaves it too.
     */
    publishDue(nowUtc: string, rev: number): { id: number; kind: PostKind }[] {
      const published = db
        .prepare(
          `UPDATE posts SET status = 'publish', rev = ?, field_revs = json_patch(field_revs, ?)
           WHERE ${KINDS} AND date_utc <= ? RETURNING id, kind`,
        )
        .all(rev, fieldPatch(['status'], rev), nowUtc) as { id: number; kind: PostKind }[];
      const events = published.filter((post) => post.kind === 'event').map((post) => post.id);
      if (events.length > 0)
        db.prepare(
          // A series' listing status stays 'series' (0008): lists show its occurrences.
          `UPDATE events SET status = CASE WHEN recurrence IS NULL THEN 'publish' ELSE 'series' END
           WHERE post_id IN (SELECT value FROM json_each(?))`,
        ).run(jsonList(events));
      return published;
    },
  };
}
