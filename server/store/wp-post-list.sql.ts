/**
 * The post ids, in order, of WordPress core's post collections (`wp/v2/tribe_events`,
 * `/tribe_venue`, `/tribe_organizer`): WP_Query's filters and orders over the records of a kind,
 * with TEC's one addition for events: those that ended before now are left out of the list and
 * its totals (each is still read alone), as TEC's query filters leave them out.
 */
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { PostKind } from '#shared/kinds/registry.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { foldText } from '#shared/text/fold.ts';
import type { Database, SqlValue } from './database.ts';
import { conditions, jsonList } from './sql.ts';
import { matchFragments, searchFragments } from './search.ts';

export type WpPostOrder =
  | 'date'
  | 'id'
  | 'modified'
  | 'title'
  | 'slug'
  | 'include'
  | 'include_slugs'
  | 'author'
  | 'parent'
  | 'relevance';

export type WpPostFilter = {
  kind: PostKind;
  statuses: readonly PostStatus[];
  /** The requested language and the calendar's default: what titles and slugs sort by. */
  languages: [Language, Language];
  search?: string | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  slugs?: readonly string[] | undefined;
  /** UTC `YYYY-MM-DD HH:MM:SS` bounds, exclusive as WP_Query's date_query `after`/`before`. */
  modifiedAfter?: string | undefined;
  modifiedBefore?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  /** Events in any of these terms (each list is its taxonomy's, OR within, AND across). */
  termSets?: readonly (readonly number[])[] | undefined;
  authors?: readonly number[] | undefined;
  /** Events: UTC now, before which an event that ended is left out. */
  endedBefore?: string | undefined;
  orderBy: WpPostOrder;
  descending: boolean;
};

/** The records a filter selects, in its order: ids, and for events each one's end. */
export type WpPostSelection = {
  ids: Int32Array;
  /** Events: each one's end, in Unix seconds (what `endedBefore` compares). */
  ends: Int32Array | undefined;
};

const LANGUAGE_RANK = `instr('${LANGUAGES.join(',')}', x.language)`;

/** A translatable column in the first of the given languages that has it, else any. */
const picked = (column: string) => `(SELECT x.${column} FROM post_texts x
  WHERE x.post_id = p.id AND x.${column} <> ''
  ORDER BY x.language = ? DESC, x.language = ? DESC, ${LANGUAGE_RANK} LIMIT 1)`;

/** WP_Query's WHERE for the filter over `posts p` (and, for events, their rows `e`). */
function whereOf(filter: WpPostFilter, fragments: readonly string[]) {
  const where = conditions()
    .add('p.kind = ?', filter.kind)
    .add('p.status IN (SELECT value FROM json_each(?))', jsonList(filter.statuses));
  if (fragments.length > 0) {
    // WordPress searches title, excerpt and content for every word.
    const match = matchFragments(['s.title', 's.excerpt', 's.description'], fragments);
    where.add(
      `EXISTS (SELECT 1 FROM post_texts s WHERE s.post_id = p.id AND (${match.sql}))`,
      ...match.values,
    );
  }
  if (filter.include)
    where.add('p.id IN (SELECT value FROM json_each(?))', jsonList(filter.include));
  if (filter.exclude)
    where.add('p.id NOT IN (SELECT value FROM json_each(?))', jsonList(filter.exclude));
  if (filter.slugs)
    where.add(
      `p.id IN (SELECT post_id FROM post_texts WHERE kind = ? AND slug IN (SELECT value FROM json_each(?)))`,
      filter.kind,
      jsonList(filter.slugs),
    );
  if (filter.endedBefore) where.add('e.end_utc >= ?', filter.endedBefore);
  if (filter.modifiedAfter) where.add('p.modified_utc > ?', filter.modifiedAfter);
  if (filter.modifiedBefore) where.add('p.modified_utc < ?', filter.modifiedBefore);
  if (filter.after) where.add('p.date_utc > ?', filter.after);
  if (filter.before) where.add('p.date_utc < ?', filter.before);
  if (filter.authors)
    where.add('p.author IN (SELECT value FROM json_each(?))', jsonList(filter.authors));
  for (const terms of filter.termSets ?? [])
    where.add(
      'p.id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(?)))',
      jsonList(terms),
    );
  return where;
}

/**
 * Everything the filter selects, in its order, in one statement: a list's pages are slices of
 * it and its total is its length (wp-post-selections.ts). Counting, then skipping with OFFSET,
 * sorted every selected record twice for each page.
 */
export function selectWpPosts(db: Database, filter: WpPostFilter): WpPostSelection {
  const fragments = filter.search ? searchFragments(filter.search) : [];
  const where = whereOf(filter, fragments);
  const { sql, values } = orderOf(filter, fragments);
  const ended = filter.kind === 'event';
  // An event's row joined once: correlated lookups of its start and end for each post took
  // 270 of 440 ms at 100k events.
  const statement = db.prepare(
    ended
      ? `SELECT p.id, unixepoch(e.end_utc) FROM posts p JOIN events e ON e.post_id = p.id
         ${where.sql} ORDER BY ${sql}`
      : `SELECT p.id FROM posts p ${where.sql} ORDER BY ${sql}`,
  );
  statement.setReturnArrays(true);
  const rows = statement.all(...where.values, ...values) as unknown as [number, number?][];
  const ids = new Int32Array(rows.length);
  const ends = ended ? new Int32Array(rows.length) : undefined;
  rows.forEach(([id, end], index) => {
    ids[index] = id;
    if (ends) ends[index] = end ?? 0;
  });
  return { ids, ends };
}

/**
 * WP_Query's ORDER BY for `orderby`, then TEC's for events, then the id (records of equal keys
 * keep one order). The include and slug lists order as given, whatever `order` says, and
 * without their list (or a search, for relevance) the order is the date's, as WP_Query falls
 * back. (TEC's event query drops relevance and the lists' orders: Marquee keeps WordPress's.)
 */
function orderOf(filter: WpPostFilter, fragments: readonly string[]): Order {
  const direction = filter.descending ? 'DESC' : 'ASC';
  // TEC's query adds its own order after the one asked: events by start, then publication.
  const tec = filter.kind === 'event' ? 'e.start_utc ASC, p.date_utc ASC, ' : '';
  const then = (order: Order): Order => ({
    sql: `${order.sql} ${direction}, ${tec}p.id ${direction}`,
    values: order.values,
  });
  const [language, fallback] = filter.languages;
  switch (filter.orderBy) {
    case 'include':
      if (!filter.include) break;
      return {
        sql: `instr(',' || ? || ',', ',' || p.id || ','), p.id`,
        values: [filter.include.join(',')],
      };
    case 'include_slugs':
      if (!filter.slugs) break;
      return {
        sql: `instr(',' || ? || ',', ',' || ${picked('slug')} || ','), p.id`,
        values: [filter.slugs.join(','), language, fallback],
      };
    case 'relevance': {
      if (fragments.length === 0) break;
      const rank = relevance(filter.search ?? '', fragments, filter.languages);
      const date = then({ sql: 'p.date_utc', values: [] });
      return { sql: `${rank.sql}, ${date.sql}`, values: rank.values };
    }
    case 'id':
      return then({ sql: 'p.id', values: [] });
    case 'modified':
      return then({ sql: 'p.modified_utc', values: [] });
    case 'author':
      return then({ sql: 'p.author', values: [] });
    case 'parent':
      return then({
        sql: filter.kind === 'event' ? 'COALESCE(e.parent_id, 0)' : '0',
        values: [],
      });
    case 'title':
      return then({ sql: `${picked('title')} COLLATE NOCASE`, values: [language, fallback] });
    case 'slug':
      return then({ sql: picked('slug'), values: [language, fallback] });
    case 'date':
      break;
  }
  return then({ sql: 'p.date_utc', values: [] });
}

type Order = { sql: string; values: SqlValue[] };

/**
 * WP_Query's `parse_search_order`, over the title, excerpt and description in the language
 * asked: several words rank the whole search in the title first, then every word in the title,
 * any word in it, the whole search in the excerpt, in the description, the rest; one word ranks
 * the records whose title has it first.
 */
function relevance(
  search: string,
  fragments: readonly string[],
  [language, fallback]: [Language, Language],
): Order {
  const has = (column: string) => `instr(mq_fold(${picked(column)}), ?) > 0`;
  const inTitle = (fragment: string): Order => ({
    sql: has('title'),
    values: [language, fallback, fragment],
  });
  const join = (orders: Order[], glue: string): Order => ({
    sql: orders.map((order) => order.sql).join(glue),
    values: orders.flatMap((order) => order.values),
  });
  if (fragments.length === 1) {
    const one = inTitle(fragments[0]!);
    return { sql: `(${one.sql}) DESC`, values: one.values };
  }
  const phrase = foldText(search).trim();
  const cases: [Order, number][] = [
    [inTitle(phrase), 1],
    // WordPress sorts more than six words as a phrase only.
    ...(fragments.length < 7
      ? ([
          [join(fragments.map(inTitle), ' AND '), 2],
          [join(fragments.map(inTitle), ' OR '), 3],
        ] as [Order, number][])
      : []),
    [{ sql: has('excerpt'), values: [language, fallback, phrase] }, 4],
    [{ sql: has('description'), values: [language, fallback, phrase] }, 5],
  ];
  const rank = join(
    cases.map(([when, then]) => ({ sql: `WHEN ${when.sql} THEN ${then}`, values: when.values })),
    ' ',
  );
  return { sql: `(CASE ${rank.sql} ELSE 6 END)`, values: rank.values };
}
