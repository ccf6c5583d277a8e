/**
 * The plans SQLite makes for the default event list (the window TEC lists by default, from
 * yesterday two years on): its count and its page must come from an index, the count from the
 * listing index alone. Taking the index on end_utc instead made the count read every row of
 * the window (130 ms at 100k events, against 5 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQLInputValue } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { listEvents } from './event-list.sql.ts';
import { openStore, type Store } from './open-store.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-plans-'));
  store = openStore(dir, { lock: false });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The plans of the statements `listEvents` runs, each a line of SQLite's details. */
function plansOf(db: Database, run: (spy: Database) => void): string[] {
  const plans: string[] = [];
  const spy: Database = {
    ...db,
    prepare(sql) {
      const statement = db.prepare(sql);
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
          return Reflect.get(target, key, target) as unknown;
        },
      });
    },
  };
  run(spy);
  return plans;
}

/**
 * What `ANALYZE` said of the events table of the seeded 100k-event calendar (npm run bench):
 * plans are made from such statistics, so the test plans as that calendar does.
 */
const STATISTICS_AT_100K: [string, string][] = [
  ['events_listing', '100000 50000 50000 2 1 1'],
  ['events_start', '100000 2 1'],
  ['events_end', '100000 2'],
  ['events_venue', '100000 50'],
  ['events_parent', '100000 100000'],
  ['events_featured', '4994 4994'],
];

function planAsAt100k(db: Database): void {
  db.exec('ANALYZE');
  for (const [index, stat] of STATISTICS_AT_100K)
    db.prepare("INSERT OR REPLACE INTO sqlite_stat1 (tbl, idx, stat) VALUES ('events', ?, ?)").run(
      index,
      stat,
    );
  // Makes the connection read the statistics again.
  db.exec('ANALYZE sqlite_schema');
}

describe('the default event list', () => {
  it('counts from the listing index alone and takes its page from an index', () => {
    planAsAt100k(store.db);
    const [count, page] = plansOf(store.db, (db) =>
      listEvents(db, {
        statuses: ['publish', 'draft'],
        startFrom: '2026-11-22 23:00:00',
        endTo: '2028-11-24 22:59:59',
        limit: 10,
        offset: 0,
      }),
    );
    expect(count).toMatch(/USING COVERING INDEX events_listing/);
    expect(count).not.toMatch(/events_end/);
    expect(page).toMatch(/USING (COVERING )?INDEX events_(start|listing)/);
    expect(page).not.toMatch(/SCAN e\b/);
  });
});
