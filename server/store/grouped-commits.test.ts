/**
 * The server's writes of one turn of the event loop commit together (database.ts
 * `groupCommits`): each is its own savepoint, a failing one leaves the others, a write's
 * answer waits for its group's commit and fsync, and a group whose COMMIT fails is lost whole:
 * its writes are refused, and the change log neither gives its revisions again nor carries
 * anything kept from them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLog } from './change-log.repo.ts';
import { openDatabase, type Database } from './database.ts';
import { openStore } from './open-store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-grouped-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A grouping connection with a table `notes`, and what another connection sees of it. */
function open() {
  const file = join(dir, 'grouped.db');
  const db = openDatabase(file, { background: {} });
  db.exec(`CREATE TABLE notes (text TEXT);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (parent INTEGER REFERENCES parents (id))`);
  db.groupCommits();
  const seen = () => {
    const other = new DatabaseSync(file, { readOnly: true });
    try {
      return (other.prepare('SELECT text FROM notes ORDER BY rowid').all() as { text: string }[])
        .map((row) => row.text)
        .join();
    } finally {
      other.close();
    }
  };
  return { db, seen };
}

const note = (db: Database, text: string) =>
  db.transaction(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run(text));

/** A write its COMMIT refuses: a child without its parent, the check deferred to COMMIT. */
const orphan = (db: Database) =>
  db.transaction(() => {
    db.exec('PRAGMA defer_foreign_keys = ON');
    db.prepare('INSERT INTO children (parent) VALUES (42)').run();
  });

describe('grouped commits', () => {
  it('commits the writes of one turn together, and answers each once its group is on disk', async () => {
    const { db, seen } = open();
    note(db, 'a');
    note(db, 'b');
    const durable = db.durable();
    // Uncommitted: this connection reads them, another does not yet.
    expect((db.prepare('SELECT COUNT(*) AS n FROM notes').get() as { n: number }).n).toBe(2);
    expect(seen()).toBe('');
    await durable;
    expect(seen()).toBe('a,b');
    note(db, 'c');
    await turn();
    expect(seen()).toBe('a,b,c');
    db.close();
  });

  it('leaves the other writes of a group when one fails', async () => {
    const { db, seen } = open();
    note(db, 'a');
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO notes (text) VALUES (?)').run('never');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    note(db, 'c');
    await db.durable();
    expect(seen()).toBe('a,c');
    db.close();
  });

  it('commits the group before a write alone and before work outside any transaction', () => {
    const { db, seen } = open();
    note(db, 'a');
    db.transaction(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('alone'), {
      alone: true,
    });
    expect(seen()).toBe('a,alone');
    note(db, 'b');
    db.settle();
    expect(seen()).toBe('a,alone,b');
    note(db, 'c');
    db.close();
    const reopened = openDatabase(join(dir, 'grouped.db'));
    expect(reopened.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 4 });
    reopened.close();
  });

  it('refuses every write of a group its COMMIT refuses, keeps none, and commits the next', async () => {
    const { db, seen } = open();
    let lost = 0;
    db.onGroupLost(() => (lost += 1));
    note(db, 'a');
    orphan(db);
    const durable = db.durable();
    await expect(durable).rejects.toThrow(/FOREIGN KEY/);
    expect(lost).toBe(1);
    expect(seen()).toBe('');
    note(db, 'b');
    await db.durable();
    expect(seen()).toBe('b');
    expect(lost).toBe(1);
    db.close();
  });
});

describe('a full disk in a group', () => {
  it('loses the group’s earlier writes with the one SQLite rolled back, and says so to each', async () => {
    const { db, seen } = open();
    let lost = 0;
    db.onGroupLost(() => (lost += 1));
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages + 1}`);
    note(db, 'a');
    const first = db.durable();
    // SQLite answers a full disk by rolling the whole transaction back: the group's too.
    expect(() => note(db, 'x'.repeat(100_000))).toThrow(/full/);
    expect(lost).toBe(1);
    await expect(first).rejects.toThrow(/full/);
    expect(seen()).toBe('');
    db.exec('PRAGMA max_page_count = 100000');
    note(db, 'b');
    await db.durable();
    expect(seen()).toBe('b');
    db.close();
  });
});

describe('the change log when a group is lost', () => {
  it('goes back to the stored revision, never gives the lost ones again, and carries nothing from them', async () => {
    const store = openStore(dir, { lock: false, background: {} });
    const { db } = store;
    const changes = createChangeLog(db);
    const told: number[] = [];
    changes.onCommit((rev) => told.push(rev));
    db.groupCommits();
    expect(changes.write((rev) => rev)).toBe(1);
    await db.durable();
    expect(changes.eventsTouchedSince(1, 64)).toEqual(new Set());

    expect([changes.write((rev) => rev), changes.write((rev) => rev)]).toEqual([2, 3]);
    changes.write(() => {
      db.exec('PRAGMA defer_foreign_keys = ON');
      db.prepare(
        "INSERT INTO post_texts (post_id, kind, language) VALUES (4242, 'venue', 'en')",
      ).run();
    });
    expect(changes.latest()).toBe(4);
    await expect(db.durable()).rejects.toThrow(/FOREIGN KEY/);
    expect([changes.latest(), changes.current()]).toEqual([1, 1]);
    expect(told).toEqual([1, 2, 3, 4, 1]);
    // What was kept at a lost revision was made from rows that are gone.
    expect(changes.eventsTouchedSince(3, 64)).toBeUndefined();
    expect(changes.eventsTouchedSince(1, 64)).toEqual(new Set());

    expect(changes.write((rev) => rev)).toBe(5);
    await db.durable();
    expect(changes.current()).toBe(5);
    store.close();
  });
});
