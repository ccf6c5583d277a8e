/**
 * The plans SQLite makes for event lists, as at 100k events: the default list (the window TEC
 * lists by default, from yesterday two years on) counts, pages and selects from an index alone,
 * for visitors and editors; every other filter finds its events through an index. Taking the
 * index on end_utc instead made the count read every row of the window (130 ms at 100k events,
 * against 5 ms); an editor's five statuses made the page read every row (100 ms, against 14).
 */
import type { SQLInputValue } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../../test/support/store-fixtures.ts';
import type { Database } from './database.ts';
import { countEvents, pageOfEvents, selectEvents, type EventFilter } from './event-list.sql.ts';

const temp = storePerTest();

/** The plans of the list statements `run` runs (over `events e`), each a line of details. */
function plansOf(db: Database, run: (spy: Database) => void): string[] {
  const plans: string[] = [];
  const spy: Database = {
    ...db,
    prepare(sql) {
      const statement = db.prepare(sql);
      if (!sql.includes('FROM events e')) return statement;
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

/**
 * What `ANALYZE` said of the events table of the seeded 100k-event calendar (npm run bench):
 * plans are made from such statistics, so the test plans as that calendar does.
 */
const STATISTICS_AT_100K: [string, string][] = [
  ['events_listing', '100000 50000 50000 2 1 1'],
  ['events_start', '100000 2 1 1 1 1'],
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

/** The default window, as the domain makes it on 2026-11-23. */
const WINDOW = { startFrom: '2026-11-22 23:00:00', endTo: '2028-11-24 22:59:59' };
const EDITOR: EventFilter = {
  statuses: ['publish', 'future', 'draft', 'pending', 'private'],
  ...WINDOW,
};
const VISITOR: EventFilter = { statuses: ['publish'], ...WINDOW };

/** The plans of a filter's count, page 1,500 and whole selection, in that order. */
function plansOfList(filter: EventFilter): string[] {
  planAsAt100k(temp.store.db);
  return plansOf(temp.store.db, (db) => {
    countEvents(db, filter);
    pageOfEvents(db, filter, { limit: 10, offset: 15_000 });
    selectEvents(db, filter);
  });
}

/** Walks an index alone: no row of the table is read. */
const INDEX_ONLY = /USING COVERING INDEX events_(listing|start)/;

describe('the default event list', () => {
  it.each([
    ['a visitor', VISITOR],
    ['an editor', EDITOR],
  ])('counts, pages and selects from an index alone for %s', (_who, filter) => {
    const plans = plansOfList(filter);
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      expect(plan).toMatch(INDEX_ONLY);
      expect(plan).not.toMatch(/events_end|SCAN e\b/);
    }
    const [, page, selection] = plans;
    // In start order from the index, not sorted afterwards.
    for (const ordered of [page, selection]) expect(ordered).not.toMatch(/TEMP B-TREE/);
  });
});

describe('every list filter', () => {
  const filters: [string, Partial<EventFilter>][] = [
    ['categories', { categoryIds: [3, 4] }],
    ['tags', { tagIds: [7] }],
    ['venue', { venueIds: [11] }],
    ['organizer', { organizerIds: [12] }],
    ['featured', { featured: true }],
    ['search', { search: { words: ['jazz'], without: [], languages: ['en'], public: true } }],
    ['include', { include: [1, 2, 3] }],
    ['post_parent', { parentId: 5 }],
    ['starts_before', { startBefore: '2027-01-01 00:00:00' }],
    ['ends_after', { endAfter: '2027-01-01 00:00:00' }],
    ['an author’s drafts', { unpublishedOnlyBy: 2 }],
  ];
  it.each(filters)('finds its events through an index: %s', (_name, extra) => {
    for (const filter of [VISITOR, EDITOR]) {
      for (const plan of plansOfList({ ...filter, ...extra })) {
        expect(plan).toMatch(
          /USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|VIRTUAL TABLE INDEX/,
        );
        // A full scan of the events table or of the links between events and terms.
        expect(plan).not.toMatch(/SCAN (e|event_terms|event_organizers|posts)\b(?! USING)/);
      }
    }
  });
});

describe('a category or tag and a month', () => {
  it('passes over the links outside the month in the index, reading no event for them', () => {
    const month = { startFrom: '2026-12-01 00:00:00', endTo: '2026-12-31 23:59:59' };
    for (const terms of [{ categoryIds: [3] }, { tagIds: [7, 8] }]) {
      for (const plan of plansOfList({ ...EDITOR, ...month, ...terms }))
        expect(plan).toMatch(
          /SEARCH event_terms USING COVERING INDEX event_terms_term \(term_id=\? AND start_utc>\?\)/,
        );
    }
  });
});
