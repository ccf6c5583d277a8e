/**
 * Counts of published records per kind, for the health endpoint and the editor's summary; a
 * series counts as its occurrences (its rule's own record is not an event on the calendar).
 */
import type { Database } from './database.ts';

type RecordCounts = {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
};

export function createStatsRepo(db: Database) {
  return {
    publishedCounts(): RecordCounts {
      const counts: RecordCounts = { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 };
      // A series is seen through its occurrences, as the calendar shows it: not one more event.
      const posts = db
        .prepare(
          `SELECT kind, COUNT(*) AS n FROM posts
           WHERE status = 'publish'
             AND NOT EXISTS (SELECT 1 FROM events e WHERE e.post_id = posts.id
                             AND e.recurrence IS NOT NULL)
           GROUP BY kind`,
        )
        .all() as { kind: 'event' | 'venue' | 'organizer'; n: number }[];
      for (const row of posts) counts[`${row.kind}s`] = row.n;
      const terms = db
        .prepare('SELECT taxonomy, COUNT(*) AS n FROM terms GROUP BY taxonomy')
        .all() as {
        taxonomy: 'category' | 'tag';
        n: number;
      }[];
      for (const row of terms) counts[row.taxonomy === 'category' ? 'categories' : 'tags'] = row.n;
      return counts;
    },
  };
}
