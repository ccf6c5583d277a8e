/**
 * The store's floor (docs/decisions.md, "The speed targets and the store's floor"): every row
 * of a seeded calendar stored again in an empty one, in one bulk load (store/bulk-load.ts) and
 * one transaction as a restore does, copied table to table inside SQLite with no JavaScript per
 * row. `npm run bench:floor` prints it; `npm run bench:files` divides imports by it.
 */
import { bulkLoad } from '#server/store/bulk-load.ts';
import { openStore, type Store } from '#server/store/open-store.ts';

const TABLES = [
  'users',
  'posts',
  'post_texts',
  'venues',
  'organizers',
  'terms',
  'term_texts',
  'events',
  'event_organizers',
  'event_terms',
];

export type Split = { rows: number; indexes: number; commit: number; total: number };

/**
 * Runs `writeRows` in one transaction and bulk load; times the rows, the rest of the bulk load
 * (index builds, search backlog) and the commit.
 */
export function timedLoad(store: Store, writeRows: () => void): Split {
  const begun = performance.now();
  let rowsDone = 0;
  let loadDone = 0;
  store.db.transaction(() => {
    bulkLoad(store.db, () => {
      writeRows();
      rowsDone = performance.now();
    });
    loadDone = performance.now();
  });
  const ended = performance.now();
  return {
    rows: rowsDone - begun,
    indexes: loadDone - rowsDone,
    commit: ended - loadDone,
    total: ended - begun,
  };
}

/**
 * Every row of the seed, copied inside SQLite into an empty store at `dir`. Foreign keys are off
 * for this copy only: with them on, SQLite looks through the child tables for every row an
 * INSERT … SELECT adds to a parent table, which no Marquee write does.
 */
export function copyFloor(seedFile: string, dir: string): Split {
  const store = openStore(dir, { lock: false });
  const { db } = store;
  db.exec(`ATTACH '${seedFile.replaceAll("'", "''")}' AS seed; PRAGMA foreign_keys = OFF`);
  const split = timedLoad(store, () => {
    db.exec('DELETE FROM main.users');
    for (const table of TABLES) db.exec(`INSERT INTO main.${table} SELECT * FROM seed.${table}`);
  });
  db.exec('PRAGMA foreign_keys = ON; DETACH seed');
  store.close();
  return split;
}
