/**
 * The plans SQLite makes for `wp/v2` post lists filtered by modification time: the posts are
 * found in posts_kind_status_modified, not by reading every post of the kind.
 */
import type { SQLInputValue } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { storePerTest } from '../../test/support/store-fixtures.ts';
import { selectWpPosts } from './wp-post-list.sql.ts';

const temp = storePerTest();

/** The plans of the list statements (count and page), each a line of details. */
function plansOf(db: Database, run: (spy: Database) => void): string[] {
  const plans: string[] = [];
  const spy: Database = {
    ...db,
    prepare(sql) {
      const statement = db.prepare(sql);
      if (!sql.includes('FROM posts p')) return statement;
      const explain = (values: SQLInputValue[]) =>
        plans.push(
          (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[])
            .map((row) => row.detail)
            .join(' | '),
        );
      return new Proxy(statement, {
        get(target, key) {
          if (key === 'get' || key === 'all')
            return (...values: SQLInputValue[]) => {
              explain(values);
              return key === 'get' ? target.get(...values) : target.all(...values);
            };
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(target)
            : value;
        },
      });
    },
  };
  run(spy);
  return plans;
}

const LIST: Parameters<typeof selectWpPosts>[1] = {
  kind: 'event',
  statuses: ['publish'],
  languages: ['en', 'en'],
  orderBy: 'date',
  descending: true,
};

describe('wp/v2 lists by modification time', () => {
  it.each([
    ['modified_after', { modifiedAfter: '2026-11-01 00:00:00' }],
    ['modified_before', { modifiedBefore: '2026-11-01 00:00:00' }],
    ['both', { modifiedAfter: '2026-10-01 00:00:00', modifiedBefore: '2026-11-01 00:00:00' }],
  ])('the selection searches posts_kind_status_modified by %s', (_name, bounds) => {
    const plans = plansOf(temp.store.db, (db) => selectWpPosts(db, { ...LIST, ...bounds }));
    expect(plans).toHaveLength(1);
    for (const plan of plans)
      expect(plan).toMatch(
        /SEARCH p USING (COVERING )?INDEX posts_kind_status_modified \(kind=\? AND status=\? AND modified_utc[<>]/,
      );
  });
});
