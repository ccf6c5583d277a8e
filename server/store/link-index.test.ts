import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createLinkIndex } from './link-index.ts';
import { addEvent, storePerTest } from '../../test/support/store-fixtures.ts';

const temp = storePerTest();

const uuidOf = (db: Database, id: number) =>
  (db.prepare('SELECT uuid FROM posts WHERE id = ?').get(id) as { uuid: string }).uuid;

/** Counts the statements the index prepares, to see what it remembers. */
function counting(db: Database): { db: Database; lookUps: () => number } {
  let count = 0;
  const spy = Object.create(db) as Database;
  spy.prepare = (sql: string) => {
    count += 1;
    return db.prepare(sql);
  };
  return { db: spy, lookUps: () => count };
}

describe('the link index', () => {
  it('finds uuids of ids and ids of uuids of a kind, leaving out other kinds and strangers', () => {
    addEvent(temp.store.db, 1, 'Un');
    addEvent(temp.store.db, 2, 'Deux');
    const index = createLinkIndex(temp.store.db);
    const [one, two] = [uuidOf(temp.store.db, 1), uuidOf(temp.store.db, 2)];
    expect(index.uuidsOf('event', [2, 1, 9])).toEqual(
      new Map([
        [2, two],
        [1, one],
      ]),
    );
    expect(index.uuidsOf('venue', [1]).size).toBe(0);
    expect(index.idsOf('event', [one, crypto.randomUUID()])).toEqual(new Map([[one, 1]]));
  });

  it('looks each record up once, and remembers what a write made', () => {
    addEvent(temp.store.db, 1, 'Un');
    const { db, lookUps } = counting(temp.store.db);
    const index = createLinkIndex(db);
    index.uuidsOf('event', [1]);
    index.uuidsOf('event', [1]);
    index.idsOf('event', [uuidOf(temp.store.db, 1)]);
    expect(lookUps()).toBe(1);
    const made = crypto.randomUUID();
    index.remember('venue', 5, made);
    expect(index.idsOf('venue', [made])).toEqual(new Map([[made, 5]]));
    expect(lookUps()).toBe(1);
  });
});
