/**
 * Pages of a kept selection are the pages OFFSET reads, and a selection outlives a change only
 * as the filter selects now: on a seeded calendar of 1,500 events, read straight and through
 * the selections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCalendar } from '../../../scripts/bench/seed.ts';
import type { EventSearch } from '../../store/event-search.sql.ts';
import { createEventsRepo, type EventFilter } from '../../store/events.repo.ts';
import { openStore, type Store } from '../../store/open-store.ts';
import { createListSelections } from './list-selections.ts';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-selections-'));
  store = openStore(dir, { lock: false });
  seedCalendar(store, { events: 1500, venues: 20, organizers: 10, categories: 5, tags: 5 });
  store.searchBackfill.finish();
  // A few protected events, which a visitor's search leaves out.
  store.db.exec(`UPDATE posts SET password = 'secret' WHERE id IN (
    SELECT DISTINCT post_id FROM post_texts WHERE kind = 'event' AND title LIKE '%jazz%' LIMIT 5)`);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ALL: EventFilter = { statuses: ['publish', 'draft'] };

/** Selections over the store at change `latest()`, and every filter they selected anew. */
function watched(
  latest: () => number,
  touched: () => ReadonlySet<number> | undefined,
  maxIds?: number,
) {
  const repo = createEventsRepo(store.db);
  const selects: EventFilter[] = [];
  const searches: EventSearch[] = [];
  const events = {
    ...repo,
    select: (filter: EventFilter) => (selects.push(filter), repo.select(filter)),
    indexedMatches: (search: EventSearch) => (searches.push(search), repo.indexedMatches(search)),
  };
  const selections = createListSelections({ latest, eventsTouchedSince: touched }, events, maxIds);
  return { selections, selects, searches };
}

describe('list selections', () => {
  it('read the pages OFFSET reads, deep ones from the kept ids, until the next change', () => {
    const repo = createEventsRepo(store.db);
    let change = 1;
    const { selections, selects } = watched(
      () => change,
      () => undefined,
    );
    const total = repo.count(ALL);
    expect(total).toBeGreaterThan(1400);

    const offsets = [0, 990, 1000, 1230, total - 3, total + 10];
    const straight = offsets.map((offset) => repo.page(ALL, { limit: 10, offset }));
    // Shallow pages first (no selection kept yet), then deep ones, then shallow ones again.
    for (const round of [0, 1]) {
      offsets.forEach((offset, index) =>
        expect(
          selections.page(ALL, { limit: 10, offset }),
          `offset ${offset}, round ${round}`,
        ).toEqual({
          ids: straight[index],
          total,
        }),
      );
    }
    expect(selects).toHaveLength(1);

    // A change: an event of the deep pages goes; its ids are selected again.
    const gone = straight[3]![0]!;
    store.db.prepare('DELETE FROM events WHERE post_id = ?').run(gone);
    change += 1;
    const after = selections.page(ALL, { limit: 10, offset: 1230 });
    expect(after.total).toBe(total - 1);
    expect(after.ids).not.toContain(gone);
    expect(after.ids).toEqual(repo.page(ALL, { limit: 10, offset: 1230 }));
    expect(selections.page(ALL, { limit: 10, offset: 0 }).total).toBe(total - 1);
    expect(selects).toHaveLength(2);
  });

  it('read a first deep page with OFFSET from the nearer end, keeping no ids until a second', () => {
    const repo = createEventsRepo(store.db);
    const { selections, selects } = watched(
      () => 1,
      () => undefined,
    );
    const total = repo.count(ALL);
    const all = repo.page(ALL, { limit: total, offset: 0 });
    // Past the middle: read backwards from the end, the same ten in start order.
    const deep = total - 15;
    expect(selections.page(ALL, { limit: 10, offset: deep })).toEqual({
      ids: all.slice(deep, deep + 10),
      total,
    });
    expect(selections.page(ALL, { limit: 10, offset: deep })).toEqual({
      ids: all.slice(deep, deep + 10),
      total,
    });
    // Nothing selected whole for one deep page, asked twice (the old rule selected the
    // whole list for any page past the thousandth event).
    expect(selects).toHaveLength(0);
    // The last page, short, read from the end too.
    expect(repo.page(ALL, { limit: 10, offset: total - 4 }, total)).toEqual(all.slice(-4));
    expect(repo.page(ALL, { limit: 10, offset: total }, total)).toEqual([]);
    // A crawl: the next deep page keeps the selection, and reads its pages from it.
    expect(selections.page(ALL, { limit: 10, offset: 1100 }).ids).toEqual(all.slice(1100, 1110));
    expect(selects).toHaveLength(1);
  });

  it('bring a kept selection up to date after a change that wrote a few events', () => {
    const repo = createEventsRepo(store.db);
    let change = 1;
    let touched: Set<number> | undefined;
    const { selections, selects } = watched(
      () => change,
      () => touched,
    );
    const PUBLISHED: EventFilter = { statuses: ['publish'] };
    const pageOf = (offset: number) => selections.page(PUBLISHED, { limit: 10, offset });
    pageOf(0);
    change += 1;
    pageOf(0); // asked again after a change: the selection is kept from now on
    expect(selects).toHaveLength(1);

    const ids = repo.page(PUBLISHED, { limit: 1500, offset: 0 });
    const [moved, gone, hidden, other] = [ids[3]!, ids[700]!, ids[12]!, ids[900]!];
    const draft = repo.page({ statuses: ['draft'] }, { limit: 1, offset: 0 })[0]!;
    store.db.exec(`
      UPDATE events SET start_utc = '2099-01-01 00:00:00' WHERE post_id = ${moved};
      UPDATE events SET start_utc = (SELECT start_utc FROM events WHERE post_id = ${other})
        WHERE post_id = ${ids[5]!};
      DELETE FROM events WHERE post_id = ${gone};
      UPDATE events SET status = 'trash' WHERE post_id = ${hidden};
      UPDATE events SET status = 'publish' WHERE post_id = ${draft};
    `);
    touched = new Set([moved, gone, hidden, draft, ids[5]!]);
    change += 1;
    const total = repo.count(PUBLISHED);
    for (const offset of [0, 10, 690, 890, 900, total - 10, total - 1])
      expect(pageOf(offset), `offset ${offset}`).toEqual({
        ids: repo.page(PUBLISHED, { limit: 10, offset }),
        total,
      });
    expect(selects).toHaveLength(1);

    // A change beyond a few events (or to anything but events): selected anew.
    touched = undefined;
    change += 1;
    expect(pageOf(0).total).toBe(total);
    expect(selects).toHaveLength(2);
  });

  it.each([
    ['a visitor', true],
    ['an editor', false],
  ])('answer a search as its WHERE clause does, from the list without it (%s)', (_who, visitor) => {
    const repo = createEventsRepo(store.db);
    const { selections, selects, searches } = watched(
      () => 1,
      () => undefined,
    );
    // One of the seed's words, another seldom found, and two together.
    for (const words of [['jazz'], ['quartet'], ['night', 'film'], ['xyzzy']]) {
      const filter: EventFilter = {
        ...ALL,
        search: { words, without: [], languages: ['en', 'de'], public: visitor },
      };
      const total = repo.count(filter);
      if (words[0] === 'jazz')
        expect(total).toBe(
          repo.count({ ...filter, search: { ...filter.search!, public: false } }) -
            (visitor ? 5 : 0),
        );
      for (const offset of [0, 10, Math.max(0, total - 5)])
        expect(selections.page(filter, { limit: 10, offset }), words.join(' ')).toEqual({
          ids: repo.page(filter, { limit: 10, offset }),
          total,
        });
    }
    expect(searches).toHaveLength(4);
    // The list without the search, selected once for all four.
    expect(selects).toEqual([ALL]);
  });

  it('keep the list without the search while the searches’ selections fill the budget', () => {
    const total = createEventsRepo(store.db).count(ALL);
    // Room for the list and about two searches' selections at once.
    const { selections, selects, searches } = watched(
      () => 1,
      () => undefined,
      Math.round(total * 1.5),
    );
    const words = ['jazz', 'night', 'film', 'opera', 'brunch', 'talk', 'dance', 'choir'];
    for (const word of words)
      selections.page(
        { ...ALL, search: { words: [word], without: [], languages: ['en'], public: false } },
        { limit: 10, offset: 0 },
      );
    expect(searches).toHaveLength(words.length);
    expect(selects).toEqual([ALL]);
  });

  it('never carry a search past a change, though the list without it is carried', () => {
    let change = 1;
    const { selections, selects, searches } = watched(
      () => change,
      () => new Set<number>(),
    );
    const SEARCH: EventFilter = {
      statuses: ['publish'],
      search: { words: ['jazz'], without: [], languages: ['en'], public: true },
    };
    selections.page(SEARCH, { limit: 10, offset: 0 });
    change += 1;
    selections.page(SEARCH, { limit: 10, offset: 0 });
    expect(searches).toHaveLength(2);
    expect(selects).toEqual([{ statuses: ['publish'] }]);
  });

  it('select a search whose words the index cannot take with its WHERE clause', () => {
    const { selections, selects, searches } = watched(
      () => 1,
      () => undefined,
    );
    const SHORT: EventFilter = {
      statuses: ['publish'],
      search: { words: ['ja'], without: [], languages: ['en'], public: true },
    };
    const repo = createEventsRepo(store.db);
    expect(selections.page(SHORT, { limit: 10, offset: 0 })).toEqual({
      ids: repo.page(SHORT, { limit: 10, offset: 0 }),
      total: repo.count(SHORT),
    });
    expect(searches).toHaveLength(1);
    expect(selects).toEqual([SHORT]);
  });
});
