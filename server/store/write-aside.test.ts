/**
 * A write aside (database.ts `writeAside`): another connection to the same file writes (a large
 * import in its thread) while this one answers. This connection's open group is committed
 * first, so the other can take the write lock; its own writes wait meanwhile, asynchronously
 * (`whenWritable`), and one that did not wait is refused at once instead of blocking the thread
 * on SQLite's lock; what the other committed is announced by the change log as its own commits
 * are, with a revision no write on this side was given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLog } from './change-log.repo.ts';
import { openDatabase, type Database } from './database.ts';
import { whenWritable } from './write-aside.ts';
import { openStore } from './open-store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-aside-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A grouping connection (as the server's) with a table `notes`. */
function open(): Database {
  const db = openDatabase(join(dir, 'aside.db'), { background: {} });
  db.exec('CREATE TABLE notes (text TEXT)');
  db.groupCommits();
  return db;
}

const note = (db: Database, text: string) =>
  db.transaction(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run(text));
const notes = (db: Database) =>
  (db.prepare('SELECT text FROM notes ORDER BY rowid').all() as { text: string }[])
    .map((row) => row.text)
    .join();

/** A second connection writing in a transaction, as an import's thread does, until `done`. */
function otherWriter(file: string) {
  const other = openDatabase(file);
  other.exec('BEGIN IMMEDIATE');
  other.prepare('INSERT INTO notes (text) VALUES (?)').run('aside');
  return {
    commit() {
      other.exec('COMMIT');
      other.close();
    },
  };
}

describe('a write aside', () => {
  it('commits the open group first, and holds this connection’s writes until it ends', async () => {
    const db = open();
    note(db, 'grouped'); // in the turn's open group
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    const aside = db.writeAside(async () => {
      const other = otherWriter(db.file); // would wait for the lock if the group were open
      await ended;
      other.commit();
      return 'done';
    });
    await Promise.resolve();
    expect(db.writable()).toBeInstanceOf(Promise);
    // A write that did not wait is refused at once, not held on SQLite's lock.
    expect(() => note(db, 'refused')).toThrow(/must wait for it/);
    const waited = whenWritable(db, () => note(db, 'waited'));
    expect(waited).toBeInstanceOf(Promise);
    // Reads go on, and see what is committed.
    expect(notes(db)).toBe('grouped');
    release();
    expect(await aside).toBe('done');
    await waited;
    expect(db.writable()).toBeUndefined();
    expect(notes(db)).toBe('grouped,aside,waited');
    db.close();
  });

  it('runs one after another, a write queued between two asides waiting for both', async () => {
    const db = open();
    const order: string[] = [];
    const first = db.writeAside(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push('first aside');
    });
    await Promise.resolve();
    const second = db.writeAside(async () => {
      order.push('second aside');
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const write = whenWritable(db, () => order.push('write'));
    await Promise.all([first, second, write]);
    expect(order).toEqual(['first aside', 'second aside', 'write']);
    db.close();
  });

  it('is told to stop when the connection closes', async () => {
    const db = open();
    let stopped: AbortSignal | undefined;
    const aside = db.writeAside(
      (signal) =>
        new Promise<void>((_resolve, reject) => {
          stopped = signal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    await Promise.resolve();
    db.close();
    await expect(aside).rejects.toThrow(/closing/);
    expect(stopped?.aborted).toBe(true);
  });
});

describe('the change log of a write aside', () => {
  it('announces what the other connection committed, past every revision given here', async () => {
    const store = openStore(dir, { lock: false });
    const changes = createChangeLog(store.db);
    changes.write(() => undefined);
    const given = changes.latest();
    const heard: number[] = [];
    changes.onCommit((rev) => heard.push(rev));
    const rev = await changes.writeAside(async (past) => {
      await Promise.resolve();
      const other = openDatabase(store.db.file);
      try {
        const otherChanges = createChangeLog(other, { given: past });
        return otherChanges.write((next) => next, { alone: true });
      } finally {
        other.close();
      }
    });
    expect(rev).toBe(given + 1);
    expect(changes.latest()).toBe(rev);
    expect(heard).toEqual([rev]);
    // The next write here follows it.
    expect(changes.write((next) => next)).toBe(rev + 1);
    store.close();
  });

  it('gives the other connection revisions past the one it is given', () => {
    const store = openStore(dir, { lock: false });
    // Revisions up to 41 were given here (and lost with their group): never again.
    const other = createChangeLog(store.db, { given: 41 });
    expect(other.write((rev) => rev)).toBe(42);
    store.close();
  });

  it('announces nothing when the other write rolled back', async () => {
    const store = openStore(dir, { lock: false });
    const changes = createChangeLog(store.db);
    const before = changes.latest();
    const heard: number[] = [];
    changes.onCommit((rev) => heard.push(rev));
    const failed = changes.writeAside(async (given) => {
      await Promise.resolve();
      const other = openDatabase(store.db.file);
      try {
        createChangeLog(other, { given }).write(() => {
          throw new Error('refused late');
        });
      } finally {
        other.close();
      }
    });
    await expect(failed).rejects.toThrow('refused late');
    expect(changes.latest()).toBe(before);
    expect(heard).toEqual([]);
    store.close();
  });
});
