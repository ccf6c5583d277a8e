import { describe, expect, it } from 'vitest';
import { bulkLoad } from './bulk-load.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { addEvent, addTerm, databasePerTest, linkTerm } from './store-test-fixtures.ts';

const db = databasePerTest();
const setStatus = (event: number, status: string) =>
  db().prepare('UPDATE posts SET status = ? WHERE id = ?').run(status, event);

/** The counts as kept on the terms. */
const kept = () =>
  Object.fromEntries(
    (
      db().prepare('SELECT id, published_events AS n FROM terms ORDER BY id').all() as {
        id: number;
        n: number;
      }[]
    ).map((row) => [row.id, row.n]),
  );

/** The counts as the links and statuses give them now. */
const counted = () =>
  Object.fromEntries(
    (
      db()
        .prepare(
          `SELECT t.id, (SELECT COUNT(*) FROM event_terms et JOIN posts p ON p.id = et.event_id
             WHERE et.term_id = t.id AND p.status = 'publish') AS n FROM terms t ORDER BY t.id`,
        )
        .all() as { id: number; n: number }[]
    ).map((row) => [row.id, row.n]),
  );

describe("terms' published-event counts", () => {
  it('follow links, statuses and deletes, whichever statement makes them', () => {
    migrate(db());
    addTerm(db(), 1);
    addTerm(db(), 2, 'tag');
    addEvent(db(), 10, 'Concert');
    addEvent(db(), 11, 'Bal');
    setStatus(11, 'draft');
    linkTerm(db(), 10, 1);
    linkTerm(db(), 10, 2);
    linkTerm(db(), 11, 1);
    expect(kept()).toEqual({ 1: 1, 2: 1 });

    const steps: (() => unknown)[] = [
      () => setStatus(11, 'publish'),
      () => setStatus(10, 'future'),
      () => setStatus(10, 'future'), // unchanged: nothing counted twice
      () => setStatus(10, 'publish'),
      () => setStatus(10, 'private'),
      () => setStatus(10, 'publish'),
      () => db().prepare('DELETE FROM event_terms WHERE event_id = 11').run(),
      () => linkTerm(db(), 11, 2),
      () => db().prepare('DELETE FROM posts WHERE id = 10').run(),
      () => db().prepare('DELETE FROM terms WHERE id = 1').run(),
    ];
    const seen = [];
    for (const step of steps) {
      step();
      expect(kept()).toEqual(counted());
      seen.push(kept());
    }
    expect(seen).toEqual([
      { 1: 2, 2: 1 },
      { 1: 1, 2: 0 },
      { 1: 1, 2: 0 },
      { 1: 2, 2: 1 },
      { 1: 1, 2: 0 },
      { 1: 2, 2: 1 },
      { 1: 1, 2: 1 },
      { 1: 1, 2: 2 },
      { 1: 0, 2: 1 },
      { 2: 1 },
    ]);
  });

  it('are counted once after a bulk load, and kept again after it', () => {
    migrate(db());
    addTerm(db(), 1);
    addEvent(db(), 10, 'Concert');
    linkTerm(db(), 10, 1);
    db().transaction(() =>
      bulkLoad(db(), () => {
        for (let id = 11; id <= 14; id++) {
          addEvent(db(), id, `Concert ${id}`);
          linkTerm(db(), id, 1);
        }
        setStatus(12, 'draft');
      }),
    );
    expect(kept()).toEqual({ 1: 4 });
    setStatus(12, 'publish');
    expect(kept()).toEqual({ 1: 5 });
  });

  it('are counted for a calendar written before version 10', () => {
    migrate(db(), MIGRATIONS.slice(0, 9));
    addTerm(db(), 1);
    addTerm(db(), 2);
    for (const id of [10, 11, 12]) {
      addEvent(db(), id, `Concert ${id}`);
      linkTerm(db(), id, 1);
    }
    setStatus(12, 'pending');
    expect(migrate(db())).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(kept()).toEqual({ 1: 2, 2: 0 });
  });
});
