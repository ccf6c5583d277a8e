/**
 * Every category or tag id a list selects, in its order, for the list endpoints' filters and
 * orders (TEC's, after WordPress's `get_terms`); the domain keeps them per change and pages them.
 */
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { Taxonomy } from '#shared/schemas/term.ts';
import type { Database } from './database.ts';
import { conditions, jsonList } from './sql.ts';

export type TermOrder =
  'id' | 'name' | 'slug' | 'count' | 'description' | 'parent' | 'include' | 'none';

export type TermFilter = {
  taxonomy: Taxonomy;
  languages: Language[];
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  /** 0: top-level only. */
  parent?: number | undefined;
  event?: number | undefined;
  slug?: string | undefined;
  hideEmpty: boolean;
  orderBy: TermOrder;
  descending: boolean;
};

const LANGUAGE_RANK = `instr('${LANGUAGES.join(',')}', x.language)`;

/** A translatable column in the first of the given languages that has it, else any. */
const picked = (
  column: string,
) => `(SELECT x.${column} FROM term_texts x WHERE x.term_id = t.id AND x.${column} <> ''
  ORDER BY x.language = ? DESC, x.language = ? DESC, ${LANGUAGE_RANK} LIMIT 1)`;

export function listTerms(db: Database, filter: TermFilter): number[] {
  const [language, fallback] = [
    filter.languages[0] ?? 'en',
    filter.languages[1] ?? filter.languages[0] ?? 'en',
  ];
  const where = conditions().add('t.taxonomy = ?', filter.taxonomy);
  if (filter.search) {
    where.add(
      `EXISTS (SELECT 1 FROM term_texts s WHERE s.term_id = t.id AND s.language IN (SELECT value FROM json_each(?))
         AND (instr(mq_fold(s.name), mq_fold(?)) > 0 OR instr(mq_fold(s.slug), mq_fold(?)) > 0))`,
      jsonList(filter.languages),
      filter.search,
      filter.search,
    );
  }
  if (filter.include)
    where.add('t.id IN (SELECT value FROM json_each(?))', jsonList(filter.include));
  if (filter.exclude)
    where.add('t.id NOT IN (SELECT value FROM json_each(?))', jsonList(filter.exclude));
  if (filter.parent === 0) where.add('t.parent_id IS NULL');
  else if (filter.parent !== undefined) where.add('t.parent_id = ?', filter.parent);
  if (filter.event !== undefined)
    where.add('t.id IN (SELECT term_id FROM event_terms WHERE event_id = ?)', filter.event);
  if (filter.slug !== undefined)
    where.add('t.id IN (SELECT term_id FROM term_texts WHERE slug = ?)', filter.slug);
  // WordPress hides an empty category unless one below it has events (WP_Term_Query keeps
  // a hierarchy's empty ancestors); tags have no parents, so only their own count counts.
  if (filter.hideEmpty)
    where.add(
      `(t.published_events > 0 OR t.id IN (
         WITH RECURSIVE up(id) AS (
           SELECT parent_id FROM terms
           WHERE taxonomy = ? AND published_events > 0 AND parent_id IS NOT NULL
           UNION SELECT p.parent_id FROM terms p JOIN up ON p.id = up.id WHERE p.parent_id IS NOT NULL)
         SELECT id FROM up))`,
      filter.taxonomy,
    );

  const direction = filter.descending ? 'DESC' : 'ASC';
  const order: Record<TermOrder, { sql: string; values: string[] }> = {
    id: { sql: 't.id', values: [] },
    none: { sql: 't.id', values: [] },
    parent: { sql: 'COALESCE(t.parent_id, 0)', values: [] },
    count: { sql: 't.published_events', values: [] },
    include: {
      sql: `instr(',' || ? || ',', ',' || t.id || ',')`,
      values: [(filter.include ?? []).join(',')],
    },
    name: { sql: `${picked('name')} COLLATE NOCASE`, values: [language, fallback] },
    slug: { sql: picked('slug'), values: [language, fallback] },
    description: {
      sql: `${picked('description')} COLLATE NOCASE`,
      values: [language, fallback],
    },
  };
  const { sql, values } = order[filter.orderBy];
  const statement = db.prepare(
    `SELECT t.id FROM terms t ${where.sql} ORDER BY ${sql} ${direction}, t.id ${direction}`,
  );
  statement.setReturnArrays(true);
  const rows = statement.all(...where.values, ...values) as unknown as [number][];
  return rows.map((row) => row[0]);
}
