/**
 * Any page of an event list is the slice of the whole list: random filters, page sizes and
 * pages (shallow, deep, past the middle, past the end, asked again), with writes between them
 * that the kept selections carry or drop, over a real store, against an ordering of the
 * events' rows made here in plain code. The seed packs its events into a few days, so many
 * share a start and their order rests on the id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostStatus } from '#shared/schemas/common.ts';
import { seedCalendar } from '../../../scripts/bench/seed.ts';
import { createEventsRepo, type EventFilter } from '../../store/events.repo.ts';
import { openStore, type Store } from '../../store/open-store.ts';
import { createListSelections } from './list-selections.ts';

type Row = {
  id: number;
  start: string;
  end: string;
  status: PostStatus;
  hidden: number;
  venue: number | null;
  featured: number;
  terms: Set<number>;
};

let dir: string;
let store: Store;
let starts: string[];
let venues: number[];
let categories: number[];
/** The rows as they are now, read again after each write. */
let current: Row[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-list-pages-'));
  store = openStore(dir, { lock: false });
  seedCalendar(store, {
    events: 2400,
    venues: 6,
    organizers: 3,
    categories: 6,
    tags: 3,
    spanDays: 6,
  });
  // Every status a list can ask for, and events hidden from listings.
  store.db.exec(`
    UPDATE events SET status = 'private' WHERE post_id % 17 = 0;
    UPDATE events SET status = 'pending' WHERE post_id % 23 = 0;
    UPDATE events SET hide_from_listings = 1 WHERE post_id % 13 = 0;
    UPDATE posts SET status = (SELECT status FROM events WHERE post_id = posts.id)
      WHERE kind = 'event';
  `);
  const distinct = (sql: string) =>
    (store.db.prepare(sql).all() as { v: string | number }[]).map((row) => row.v);
  starts = distinct('SELECT DISTINCT start_utc AS v FROM events ORDER BY 1') as string[];
  venues = distinct('SELECT DISTINCT venue_id AS v FROM events ORDER BY 1') as number[];
  categories = distinct(
    "SELECT id AS v FROM terms WHERE taxonomy = 'category' ORDER BY 1",
  ) as number[];
  current = rows();
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The events' rows as they are now, read plainly. */
function rows(): Row[] {
  const terms = new Map<number, Set<number>>();
  for (const link of store.db.prepare('SELECT event_id, term_id FROM event_terms').all() as {
    event_id: number;
    term_id: number;
  }[])
    terms.set(link.event_id, (terms.get(link.event_id) ?? new Set()).add(link.term_id));
  return (
    store.db
      .prepare(
        `SELECT post_id AS id, start_utc AS start, end_utc AS "end", status,
           hide_from_listings AS hidden, venue_id AS venue, featured FROM events`,
      )
      .all() as Omit<Row, 'terms'>[]
  ).map((row) => ({ ...row, terms: terms.get(row.id) ?? new Set() }));
}

/** What the filter selects, in start order, by the rules of TEC's list written out here. */
function expected(all: Row[], filter: EventFilter): number[] {
  return all
    .filter(
      (row) =>
        filter.statuses.includes(row.status) &&
        (filter.withHidden || row.hidden === 0) &&
        (filter.startFrom === undefined || row.start >= filter.startFrom) &&
        (filter.endTo === undefined || row.end <= filter.endTo) &&
        (filter.startAfter === undefined || row.start > filter.startAfter) &&
        (filter.endBefore === undefined || row.end < filter.endBefore) &&
        (filter.categoryIds === undefined || filter.categoryIds.some((id) => row.terms.has(id))) &&
        (filter.venueIds === undefined || filter.venueIds.includes(row.venue!)) &&
        (filter.featured === undefined || row.featured === Number(filter.featured)),
    )
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id))
    .map((row) => row.id);
}

const STATUSES: PostStatus[] = ['publish', 'private', 'pending', 'draft'];

const filterArb = () => {
  /** Left out three times in four: a list seldom has every bound. */
  const seldom = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
  const early = fc.constantFrom(...starts.slice(0, starts.length / 3));
  const late = fc.constantFrom(...starts.slice((starts.length * 2) / 3));
  return fc.record({
    statuses: fc.subarray(STATUSES, { minLength: 1 }),
    startFrom: seldom(early),
    endTo: seldom(late),
    startAfter: seldom(early),
    endBefore: seldom(late),
    categoryIds: seldom(fc.subarray(categories, { minLength: 2 })),
    venueIds: seldom(fc.subarray(venues, { minLength: 2 })),
    featured: seldom(fc.boolean()),
    withHidden: seldom(fc.constant(true)),
  });
};

/** A page asked: its size, where it falls (a share of the list, past its end too), a write before. */
const askArb = fc.record({
  perPage: fc.constantFrom(1, 7, 10, 50, 100),
  /** Thousandths of the list (unbiased: fast-check favours 0 otherwise). */
  at: fc.noBias(fc.integer({ min: 0, max: 1100 })),
  again: fc.boolean(),
  write: fc.constantFrom('none', 'none', 'move', 'hide', 'many'),
});

describe('event list pages', () => {
  it('are the slice of the whole list, whatever the page, filter and writes between', () => {
    fc.assert(
      fc.property(
        fc.array(filterArb(), { minLength: 1, maxLength: 3 }),
        fc.array(askArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (filters, asks, seed) => {
          let change = 1;
          let touched: Set<number> | undefined;
          const selections = createListSelections(
            { latest: () => change, eventsTouchedSince: () => touched },
            createEventsRepo(store.db),
          );
          let all = current;
          let pick = seed;
          asks.forEach((ask, index) => {
            if (ask.write !== 'none') {
              pick = (pick * 48271 + index) % 2147483647;
              const [id, other] = [all[pick % all.length]!.id, all[(pick >> 3) % all.length]!];
              // Moved onto another's start (a tie), hidden, or many events at once.
              if (ask.write === 'move')
                store.db
                  .prepare('UPDATE events SET start_utc = ? WHERE post_id = ?')
                  .run(other.start, id);
              else if (ask.write === 'hide')
                store.db
                  .prepare(
                    'UPDATE events SET hide_from_listings = 1 - hide_from_listings WHERE post_id = ?',
                  )
                  .run(id);
              else
                store.db
                  .prepare('UPDATE events SET start_utc = start_utc WHERE post_id % 97 = ?')
                  .run(pick % 97);
              touched = ask.write === 'many' ? undefined : new Set([id]);
              change += 1;
              all = current = rows();
            }
            const filter = filters[index % filters.length]!;
            const ids = expected(all, filter);
            const pages = Math.max(1, Math.ceil(ids.length / ask.perPage));
            const offset = Math.floor((ask.at / 1000) * pages) * ask.perPage;
            const page = { limit: ask.perPage, offset };
            const want = { ids: ids.slice(offset, offset + ask.perPage), total: ids.length };
            expect(selections.page(filter, page), JSON.stringify({ filter, page })).toEqual(want);
            if (ask.again) expect(selections.page(filter, page)).toEqual(want);
          });
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
