/**
 * Loading many records at once (a restore, a large import into a small calendar). Growing an
 * index row by row costs a random B-tree insert per row; building it once from the finished
 * table is a sort, several times cheaper. So for the load, the listed indexes and the search
 * index's insert trigger are dropped, and afterwards built again from their own definitions;
 * the triggers that keep terms' counts and links' times are set aside too, and each is made
 * once after the load.
 * The texts the load wrote are indexed for search after the commit (search-backlog.ts). It
 * all happens inside the caller's write, so a failed load rolls the drops back with the rows.
 * Unique indexes stay: they are the checks.
 */
import type { Database } from './database.ts';
import { markSearchBacklog } from './search-backlog.ts';

/**
 * Non-unique indexes no write path looks anything up through (slug, title, uuid and link
 * lookups keep theirs, or a lookup per row would become a scan per row).
 */
export const LOAD_ONLY_INDEXES = [
  'posts_kind_status_date',
  'posts_author',
  'posts_rev',
  // Slug checks go through the unique slug index (posts.repo slugFamily); titles are compared
  // folded, so their index only narrows by kind.
  'post_texts_slug_any',
  'post_texts_title',
  'events_start',
  'events_end',
  'events_featured',
  'events_listing',
  'event_terms_term',
  'event_organizers_organizer',
] as const;

const SEARCH_TRIGGER = 'event_search_insert';

/** Triggers that keep each term's published-event count, a row at a time (migration 0010). */
const TERM_COUNT_TRIGGERS = [
  'term_count_link',
  'term_count_unlink',
  'term_count_status',
  'term_count_delete',
];

/** Triggers that copy events' times onto their links to terms (migration 0011). */
const LINK_TIME_TRIGGERS = ['term_link_times', 'event_times_insert', 'event_times_update'];

/** Every link's times, where the load left them unset or out of date, in one pass. */
const COPY_LINK_TIMES = `UPDATE event_terms SET start_utc = e.start_utc, end_utc = e.end_utc
  FROM events e WHERE e.post_id = event_terms.event_id
  AND (event_terms.start_utc IS NOT e.start_utc OR event_terms.end_utc IS NOT e.end_utc)`;

/** Every term's count, in one pass after a load. */
const RECOUNT_TERMS = `UPDATE terms SET published_events = (
  SELECT COUNT(*) FROM event_terms et JOIN posts p ON p.id = et.event_id
  WHERE et.term_id = terms.id AND p.status = 'publish')`;

/**
 * Runs `work` (inside an open transaction) with the load-only indexes and the search, count and
 * link-time triggers set aside, then restores them, copies links' times, counts terms' events
 * and leaves the texts it wrote to the search backlog. (Updates
 * during the load are indexed by their own trigger; the backfill skips texts already in.)
 */
export function bulkLoad<T>(db: Database, work: () => T): T {
  const names = [
    ...LOAD_ONLY_INDEXES,
    SEARCH_TRIGGER,
    ...TERM_COUNT_TRIGGERS,
    ...LINK_TIME_TRIGGERS,
  ];
  const saved = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE name IN (SELECT value FROM json_each(?)) AND sql IS NOT NULL`,
    )
    .all(JSON.stringify(names)) as { type: 'index' | 'trigger'; name: string; sql: string }[];
  for (const { type, name } of saved) db.exec(`DROP ${type.toUpperCase()} ${name}`);
  const result = work();
  // Before the indexes are built again: an index would be updated row by row.
  db.exec(COPY_LINK_TIMES);
  for (const { type, sql } of saved) if (type === 'index') db.exec(sql);
  db.exec(RECOUNT_TERMS);
  markSearchBacklog(db);
  for (const { type, sql } of saved) if (type === 'trigger') db.exec(sql);
  return result;
}
