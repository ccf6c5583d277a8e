/**
 * The SQL of `GET /events`: one WHERE clause from the filters; a count, one page of ids, or all
 * of them in order.
 * Status and the hidden flag live on the events row (0002), so the listing index answers the
 * default list alone; `search` goes through the trigram index when it can (event-search.sql.ts).
 */
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Database } from './database.ts';
import { searchCondition, type EventSearch } from './event-search.sql.ts';
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
  /** Every word in one of the languages' texts (event-search.sql.ts); `public`: a visitor's. */
  search?: EventSearch | undefined;
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

/**
 * One page of the events the filter selects, in start order. Given `total` (how many it
 * selects now), a page past the middle is read backwards from the end: OFFSET walks the
 * index entries it skips, so a page costs at most the walk over half of them.
 */
export function pageOfEvents(
  db: Database,
  filter: EventFilter,
  page: { limit: number; offset: number },
  total?: number,
): number[] {
  const where = whereOf(db, filter);
  const fromEnd = total !== undefined && page.offset * 2 > total;
  const [order, limit, offset] = fromEnd
    ? [
        'ORDER BY e.start_utc DESC, e.post_id DESC',
        Math.max(0, Math.min(page.limit, total - page.offset)),
        Math.max(0, total - page.offset - page.limit),
      ]
    : [IN_ORDER, page.limit, page.offset];
  if (limit === 0) return [];
  const sql = `SELECT e.post_id AS id FROM events e ${where.sql} ${order} LIMIT ? OFFSET ?`;
  const rows = db.prepare(sql).all(...where.values, limit, offset) as { id: number }[];
  const ids = rows.map((row) => row.id);
  return fromEnd ? ids.reverse() : ids;
}

/**
 * Every event the filter selects, in start order, as one JSON array made in SQLite: the 85k
 * ids of a five-year window at 100k events take 13 ms, where a row each took 20 ms (row
 * objects twice that). The ordered subquery is not flattened into an aggregate (SQLite's
 * rule), so the array keeps its order.
 */
export function selectEvents(db: Database, filter: EventFilter): Int32Array {
  const where = whereOf(db, filter);
  const row = db
    .prepare(
      `SELECT json_group_array(id) AS ids FROM (SELECT e.post_id AS id FROM events e ${where.sql} ${IN_ORDER})`,
    )
    .get(...where.values) as { ids: string };
  return Int32Array.from(JSON.parse(row.ids) as number[]);
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
