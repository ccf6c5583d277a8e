/**
 * One page of post ids and the total for WordPress core's post collections (`wp/v2/tribe_events`,
 * `/tribe_venue`, `/tribe_organizer`): WP_Query's filters and orders over every record of a
 * kind, not TEC's window of upcoming events.
 */
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { PostKind } from '#shared/kinds/registry.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Database } from './database.ts';
import { conditions, jsonList } from './sql.ts';
import { matchFragments, searchFragments } from './search.ts';

export type WpPostOrder = 'date' | 'id' | 'modified' | 'title' | 'slug' | 'include' | 'author';

type WpPostFilter = {
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
  orderBy: WpPostOrder;
  descending: boolean;
  limit: number;
  offset: number;
};

const LANGUAGE_RANK = `instr('${LANGUAGES.join(',')}', x.language)`;

/** A translatable column in the first of the given languages that has it, else any. */
const picked = (column: string) => `(SELECT x.${column} FROM post_texts x
  WHERE x.post_id = p.id AND x.${column} <> ''
  ORDER BY x.language = ? DESC, x.language = ? DESC, ${LANGUAGE_RANK} LIMIT 1)`;

export function listWpPosts(db: Database, filter: WpPostFilter): { ids: number[]; total: number } {
  const where = conditions()
    .add('p.kind = ?', filter.kind)
    .add('p.status IN (SELECT value FROM json_each(?))', jsonList(filter.statuses));
  const fragments = filter.search ? searchFragments(filter.search) : [];
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

  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM posts p ${where.sql}`).get(...where.values) as {
      n: number;
    }
  ).n;
  const direction = filter.descending ? 'DESC' : 'ASC';
  const [language, fallback] = filter.languages;
  const order: Record<WpPostOrder, { sql: string; values: string[] }> = {
    date: { sql: 'p.date_utc', values: [] },
    id: { sql: 'p.id', values: [] },
    modified: { sql: 'p.modified_utc', values: [] },
    author: { sql: 'p.author', values: [] },
    include: {
      sql: `instr(',' || ? || ',', ',' || p.id || ',')`,
      values: [(filter.include ?? []).join(',')],
    },
    title: { sql: `${picked('title')} COLLATE NOCASE`, values: [language, fallback] },
    slug: { sql: picked('slug'), values: [language, fallback] },
  };
  const { sql, values } = order[filter.orderBy];
  // WP_Query orders by the include list as given, whatever `order` says.
  const by =
    filter.orderBy === 'include' ? `${sql}, p.id` : `${sql} ${direction}, p.id ${direction}`;
  const rows = db
    .prepare(`SELECT p.id FROM posts p ${where.sql} ORDER BY ${by} LIMIT ? OFFSET ?`)
    .all(...where.values, ...values, filter.limit, filter.offset) as { id: number }[];
  return { ids: rows.map((row) => row.id), total };
}
