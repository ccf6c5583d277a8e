import { describe, expect, it } from 'vitest';
import { bulkLoad, LOAD_ONLY_INDEXES } from './bulk-load.ts';
import type { Database } from './database.ts';
import { searchIndexComplete } from './search-backlog.ts';
import { addEvent, found, storePerTest } from '../../test/support/store-fixtures.ts';

const temp = storePerTest();

const schema = (db: Database) =>
  db.prepare('SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name').all();

describe('bulk loading', () => {
  it('leaves the schema as it found it, and the search index finding every text', () => {
    const { db } = temp.store;
    const before = schema(db);
    addEvent(db, 1, 'Fête de la musique');
    db.transaction(() =>
      bulkLoad(db, () => {
        const names = (
          db.prepare('SELECT name FROM sqlite_master').all() as { name: string }[]
        ).map((row) => row.name);
        expect(names).not.toContain(LOAD_ONLY_INDEXES[0]);
        addEvent(db, 2, 'Musique de chambre');
        db.prepare("UPDATE post_texts SET title = 'Bal masqué' WHERE post_id = 1").run();
      }),
    );
    expect(schema(db)).toEqual(before);
    // The update was indexed by its trigger; the new text waits for the backfill.
    expect(found(db, 'masque')).toEqual([1]);
    expect(found(db, 'musique')).toEqual([]);
    expect(searchIndexComplete(db)).toBe(false);
    temp.store.searchBackfill.finish();
    expect(searchIndexComplete(db)).toBe(true);
    expect(found(db, 'musique')).toEqual([2]);
    expect(found(db, 'masque')).toEqual([1]);
    // The trigger is back: a text written after the load is indexed as it is written.
    addEvent(db, 3, 'Musique baroque');
    expect(found(db, 'musique')).toEqual([2, 3]);
  });

  it('rolls the dropped indexes back with the rows when the load fails', () => {
    const { db } = temp.store;
    const before = schema(db);
    expect(() =>
      db.transaction(() =>
        bulkLoad(db, () => {
          addEvent(db, 1, 'Concert');
          throw new Error('the file is bad');
        }),
      ),
    ).toThrow('the file is bad');
    expect(schema(db)).toEqual(before);
    expect(db.prepare('SELECT COUNT(*) AS n FROM posts').get()).toEqual({ n: 0 });
    expect(searchIndexComplete(db)).toBe(true);
  });
});
