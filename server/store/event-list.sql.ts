/**
 * The SQL of `GET /events`: one WHERE clause from the filters, a count and one page of ids.
 * Status and the hidden flag live on the events row (0002), so the listing index answers the
 * default list alone; `search` goes through the trigram index when it can.
 */
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Database } from './database.ts';
import { searchIndexComplete } from './search-backlog.ts';
import { conditions, jsonList, type Conditions } from './sql.ts';

export type EventFilter = {
  statuses: readonly PostStatus[];
  /** For callers who are not editors: unpublished events only when this user wrote them. */
  unpublishedOnlyBy?: number | undefined;
  /** UTC bounds: start >= startFrom, end <= endTo, start < startBefore, … */
  startFrom?: string | undefined;
  endTo?: string | undefined;
  startBefore?: string | undefined;
  startAfter?: string | undefined;
  endBefore?: string | undefined;
  endAfter?: string | undefined;
  /**
   * Every word in the title, excerpt or description (in one of the languages). `public`: a
   * visitor's search, which never matches a password-protected event (WordPress leaves them out
   * of searches by visitors, so their text cannot be probed word by word).
   */
  search?: { words: string[]; languages: Language[]; public: boolean } | undefined;
  categoryIds?: number[] | undefined;
  tagIds?: number[] | undefined;
  venueIds?: number[] | undefined;
  organizerIds?: number[] | undefined;
  featured?: boolean | undefined;
  include?: number[] | undefined;
  parentId?: number | undefined;
  limit: number;
  offset: number;
  /** Exports want events hidden from listings too. */
  withHidden?: boolean | undefined;
};

/** The trigram index needs three characters; shorter words are looked for by scanning. */
const INDEXED_WORD = /^.{3,}$/u;

/**
 * Every word in the title, excerpt or description in one of the languages (WordPress `s`):
 * through the trigram index when every word is long enough and the index holds every text,
 * else by scanning the texts.
 */
function searchCondition(
  db: Database,
  where: Conditions,
  search: NonNullable<EventFilter['search']>,
): void {
  if (search.public) {
    where.add("NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = e.post_id AND p.password <> '')");
  }
  const languages = jsonList(search.languages);
  // Right after a large import the index is still being filled (store/search-backlog.ts).
  if (search.words.every((word) => INDEXED_WORD.test(word)) && searchIndexComplete(db)) {
    const match = search.words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
    where.add(
      `e.post_id IN (SELECT rowid >> 3 FROM event_search WHERE event_search MATCH ?
         AND language IN (SELECT value FROM json_each(?)))`,
      match,
      languages,
    );
    return;
  }
  for (const word of search.words) {
    where.add(
      `EXISTS (SELECT 1 FROM post_texts t WHERE t.post_id = e.post_id AND t.language IN (SELECT value FROM json_each(?))
         AND (instr(mq_fold(t.title), ?) > 0 OR instr(mq_fold(t.excerpt), ?) > 0 OR instr(mq_fold(t.description), ?) > 0))`,
      languages,
      word,
      word,
      word,
    );
  }
}

/** `knownTotal`: the filter's count, when remembered (domain/events/list-totals.ts). */
export function listEvents(
  db: Database,
  filter: EventFilter,
  knownTotal?: number,
): { ids: number[]; total: number } {
  // Status and hidden come from the events row, so the listing index answers alone.
  const where = conditions().add(
    'e.status IN (SELECT value FROM json_each(?))',
    jsonList(filter.statuses),
  );
  if (!filter.withHidden) where.add('e.hide_from_listings = 0');
  if (filter.unpublishedOnlyBy !== undefined) {
    where.add(
      "e.status = 'publish' OR e.post_id IN (SELECT id FROM posts WHERE author = ? AND kind = 'event')",
      filter.unpublishedOnlyBy,
    );
  }
  if (filter.startFrom !== undefined) where.add('e.start_utc >= ?', filter.startFrom);
  // `+`: the end bound never picks the index on end_utc. A list always has a start bound with
  // it (the default window), and the listing index (which holds end_utc) counts 40k events of
  // 100k in 5 ms, where walking events_end and reading each row took 130 ms.
  if (filter.endTo !== undefined) where.add('+e.end_utc <= ?', filter.endTo);
  if (filter.startBefore !== undefined) where.add('e.start_utc < ?', filter.startBefore);
  if (filter.startAfter !== undefined) where.add('e.start_utc > ?', filter.startAfter);
  if (filter.endBefore !== undefined) where.add('e.end_utc < ?', filter.endBefore);
  if (filter.endAfter !== undefined) where.add('e.end_utc > ?', filter.endAfter);
  if (filter.search) searchCondition(db, where, filter.search);
  for (const ids of [filter.categoryIds, filter.tagIds]) {
    if (ids)
      where.add(
        'e.post_id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(?)))',
        jsonList(ids),
      );
  }
  if (filter.venueIds)
    where.add('e.venue_id IN (SELECT value FROM json_each(?))', jsonList(filter.venueIds));
  if (filter.organizerIds) {
    where.add(
      'e.post_id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (SELECT value FROM json_each(?)))',
      jsonList(filter.organizerIds),
    );
  }
  if (filter.featured !== undefined) where.add('e.featured = ?', Number(filter.featured));
  if (filter.include)
    where.add('e.post_id IN (SELECT value FROM json_each(?))', jsonList(filter.include));
  if (filter.parentId !== undefined) where.add('e.parent_id = ?', filter.parentId);

  const from = `FROM events e ${where.sql}`;
  const total =
    knownTotal ??
    (db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...where.values) as { n: number }).n;
  const rows = db
    .prepare(`SELECT e.post_id AS id ${from} ORDER BY e.start_utc, e.post_id LIMIT ? OFFSET ?`)
    .all(...where.values, filter.limit, filter.offset) as { id: number }[];
  return { ids: rows.map((row) => row.id), total };
}
