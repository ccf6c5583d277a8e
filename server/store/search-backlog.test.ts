import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectEvents } from './event-list.sql.ts';
import { bulkLoad } from './bulk-load.ts';
import { openStore, type Store } from './open-store.ts';
import { fillSearchChunk, searchIndexComplete } from './search-backlog.ts';
import { addEvent, found } from '../../test/support/store-fixtures.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-backlog-'));
  store = openStore(dir, { lock: false });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const load = (store: Store, ids: number[], title: (id: number) => string) =>
  store.db.transaction(() =>
    bulkLoad(store.db, () => ids.forEach((id) => addEvent(store.db, id, title(id)))),
  );

const searched = (store: Store, word: string) =>
  Array.from(
    selectEvents(store.db, {
      statuses: ['publish'],
      search: { words: [word], without: [], languages: ['fr'], public: false },
    }),
  );

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('the search backlog', () => {
  it('is filled a chunk at a time, up the ids, and then gone', () => {
    const { db } = store;
    load(store, range(1, 25), (id) => `Concert ${id}`);
    let chunks = 0;
    while (fillSearchChunk(db, 10)) chunks += 1;
    expect(chunks).toBe(2);
    expect(searchIndexComplete(db)).toBe(true);
    expect(found(db, 'concert')).toEqual(range(1, 25));
  });

  it('goes on after a restart where it stopped', () => {
    load(store, range(1, 30), () => 'Récital');
    fillSearchChunk(store.db, 10);
    store.searchBackfill.stop();
    store.close();
    store = openStore(dir, { lock: false });
    expect(searchIndexComplete(store.db)).toBe(false);
    expect(found(store.db, 'recital')).toEqual(range(1, 10));
    store.searchBackfill.finish();
    expect(found(store.db, 'recital')).toEqual(range(1, 30));
  });

  it('skips texts indexed meanwhile, and a second load starts it over', () => {
    const { db } = store;
    load(store, [1, 2], () => 'Opéra');
    // Written after the load: the trigger indexes it; the fill must not add it twice.
    addEvent(db, 3, 'Opéra bouffe');
    load(store, [4], () => 'Opéra comique');
    store.searchBackfill.finish();
    expect(found(db, 'opera')).toEqual([1, 2, 3, 4]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM event_search').get()).toEqual({ n: 4 });
  });

  it('leaves searches right while it lasts: they scan the texts', () => {
    load(store, range(1, 5), (id) => (id % 2 ? 'Jazz au parc' : 'Théâtre'));
    expect(searchIndexComplete(store.db)).toBe(false);
    expect(found(store.db, 'jazz')).toEqual([]);
    expect(searched(store, 'jazz')).toEqual([1, 3, 5]);
    store.searchBackfill.finish();
    expect(searched(store, 'jazz')).toEqual([1, 3, 5]);
  });

  it('runs between tasks once scheduled', async () => {
    load(store, range(1, 3), () => 'Ciné-club');
    store.searchBackfill.schedule();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searchIndexComplete(store.db)).toBe(true);
    expect(found(store.db, 'club')).toEqual([1, 2, 3]);
  });
});
