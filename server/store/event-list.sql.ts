/**
 * The SQL of `GET /events`: one WHERE clause from the filters; a count, one page of ids, or all
 * of them in order.
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
  /** Exports want events hidden from listings too. */
  withHidden?: boolean | undefined;
};

/** A language's place in `event_search` rowids: post id × 8 + place (migration 0002). */
const SEARCH_PLACE: Readonly<Record<Language, number>> = {
  bg: 0,
  'zh-hans': 1,
  en: 2,
  fr: 3,
  de: 4,
  ja: 5,
  'pt-br': 6,
  es: 7,
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
  // Right after a large import the index is still being filled (store/search-backlog.ts).
  if (search.words.every((word) => INDEXED_WORD.test(word)) && searchIndexComplete(db)) {
    const match = search.words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
    // The language from the rowid, not the column: an UNINDEXED column is read from each
    // matching row, 45 of the 57 ms a common word took at 100k events (now 18).
    where.add(
      `e.post_id IN (SELECT rowid >> 3 FROM event_search WHERE event_search MATCH ?
         AND (rowid & 7) IN (SELECT value FROM json_each(?)))`,
      match,
      jsonList(search.languages.map((language) => SEARCH_PLACE[language])),
    );
    return;
  }
  for (const word of search.words) {
    where.add(
      `EXISTS (SELECT 1 FROM post_texts t WHERE t.post_id = e.post_id AND t.language IN (SELECT value FROM json_each(?))
         AND (instr(mq_fold(t.title), ?) > 0 OR instr(mq_fold(t.excerpt), ?) > 0 OR instr(mq_fold(t.description), ?) > 0))`,
      jsonList(search.languages),
      word,
      word,
      word,
    );
  }
}

/**
 * The filter's time bounds over the copy of its event's times each link to a term has (0011),
 * so a term's links outside the window are passed over in the index, without reading events.
 */
function linkTimes(filter: EventFilter): { sql: string; values: string[] } {
  const bounds: [string, string | undefined][] = [
    ['start_utc >= ?', filter.startFrom],
    ['end_utc <= ?', filter.endTo],
    ['start_utc < ?', filter.startBefore],
    ['start_utc > ?', filter.startAfter],
    ['end_utc < ?', filter.endBefore],
    ['end_utc > ?', filter.endAfter],
  ];
  const used = bounds.filter((bound): bound is [string, string] => bound[1] !== undefined);
  return {
    sql: used.map(([condition]) => ` AND ${condition}`).join(''),
    values: used.map(([, value]) => value),
  };
}

/** The WHERE clause of a filter, over `events e`. */
function whereOf(db: Database, filter: EventFilter): Conditions {
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
  const times = linkTimes(filter);
  for (const ids of [filter.categoryIds, filter.tagIds]) {
    if (ids)
      where.add(
        `e.post_id IN (SELECT event_id FROM event_terms
           WHERE term_id IN (SELECT value FROM json_each(?))${times.sql})`,
        jsonList(ids),
        ...times.values,
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
  return where;
}

const IN_ORDER = 'ORDER BY e.start_utc, e.post_id';

/** How many events the filter selects. */
export function countEvents(db: Database, filter: EventFilter): number {
  const where = whereOf(db, filter);
  const sql = `SELECT COUNT(*) AS n FROM events e ${where.sql}`;
  return (db.prepare(sql).get(...where.values) as { n: number }).n;
}

/** One page of the events the filter selects, in start order. */
export function pageOfEvents(
  db: Database,
  filter: EventFilter,
  page: { limit: number; offset: number },
): number[] {
  const where = whereOf(db, filter);
  const sql = `SELECT e.post_id AS id FROM events e ${where.sql} ${IN_ORDER} LIMIT ? OFFSET ?`;
  const rows = db.prepare(sql).all(...where.values, page.limit, page.offset) as { id: number }[];
  return rows.map((row) => row.id);
}

/**
 * Every event the filter selects, in start order. Rows come as arrays into a typed array: the
 * 40k ids of the default window at 100k take 14 ms, where row objects took twice that.
 */
export function selectEvents(db: Database, filter: EventFilter): Int32Array {
  const where = whereOf(db, filter);
  const statement = db.prepare(`SELECT e.post_id FROM events e ${where.sql} ${IN_ORDER}`);
  statement.setReturnArrays(true);
  const rows = statement.all(...where.values) as unknown as [number][];
  const ids = new Int32Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) ids[index] = rows[index]![0];
  return ids;
}

/** Where an event falls in start order: its start and id (the order's two keys). */
export type StartKey = { id: number; start: string };

/** Which of `ids` the filter selects now, with their start keys, in start order. */
export function keysAmong(db: Database, filter: EventFilter, ids: readonly number[]): StartKey[] {
  const where = whereOf(db, {
    ...filter,
    include: filter.include ? filter.include.filter((id) => ids.includes(id)) : [...ids],
  });
  const sql = `SELECT e.post_id AS id, e.start_utc AS start FROM events e ${where.sql} ${IN_ORDER}`;
  return db.prepare(sql).all(...where.values) as StartKey[];
}

/** An event's start key (for placing another beside it in start order). */
export function startKeyOf(db: Database, id: number): StartKey | undefined {
  return db
    .prepare('SELECT post_id AS id, start_utc AS start FROM events WHERE post_id = ?')
    .get(id) as StartKey | undefined;
}
