/**
 * Writes that fail for want of storage: the API error each storage failure becomes, a full disk
 * inside a savepoint (SQLite then rolls the whole transaction back), and the change log's
 * sequence when a COMMIT fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLog } from './change-log.repo.ts';
import { openDatabase, type Database } from './database.ts';
import { openStore } from './open-store.ts';
import { storeFailureOf } from './store-failure.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-failures-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What `work` throws. */
function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const count = (db: Database) =>
  (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

/** A table `t` on a disk that holds one more page. */
function fullDisk(): Database {
  const db = openDatabase(join(dir, 'full.db'));
  db.exec('CREATE TABLE t (v)');
  const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
  db.exec(`PRAGMA max_page_count = ${pages + 1}`);
  return db;
}

const BIG = 'x'.repeat(100_000);
const sqliteFull = () =>
  Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });

describe('storeFailureOf', () => {
  it('names SQLite’s full disk, and its read-only and unopenable files', () => {
    const db = fullDisk();
    const full = thrown(() => db.prepare('INSERT INTO t VALUES (?)').run(BIG));
    expect(storeFailureOf(full)).toMatchObject({ kind: 'disk-full' });
    expect(storeFailureOf(full)?.message).toBe(
      'The disk is full: the change was not saved. Free some space and try again.',
    );

    db.exec('PRAGMA query_only = ON');
    const readOnly = thrown(() => db.prepare('INSERT INTO t VALUES (1)').run());
    expect(storeFailureOf(readOnly)).toMatchObject({ kind: 'read-only' });
    db.close();

    const file = new DatabaseSync(join(dir, 'full.db'), { readOnly: true });
    expect(storeFailureOf(thrown(() => file.exec('INSERT INTO t VALUES (1)')))?.kind).toBe(
      'read-only',
    );
    file.close();
    const missing = thrown(() => new DatabaseSync(join(dir, 'no', 'such', 'dir.db')));
    expect(storeFailureOf(missing)).toMatchObject({ kind: 'read-only' });
  });

  it('leaves every other error alone: constraints, read errors, plain errors', () => {
    const db = openDatabase(join(dir, 'other.db'));
    db.exec('CREATE TABLE u (v UNIQUE); INSERT INTO u VALUES (1)');
    expect(storeFailureOf(thrown(() => db.exec('INSERT INTO u VALUES (1)')))).toBeUndefined();
    db.close();
    const ioError = (errcode: number) => ({ code: 'ERR_SQLITE_ERROR', errcode });
    expect(storeFailureOf(ioError(266))).toBeUndefined(); // SQLITE_IOERR_READ
    expect(storeFailureOf(ioError(778))?.kind).toBe('read-only'); // SQLITE_IOERR_WRITE
    expect(storeFailureOf(new Error('boom'))).toBeUndefined();
    expect(storeFailureOf(undefined)).toBeUndefined();
  });

  it('reads file errors: ENOSPC and EDQUOT are a full disk, EROFS a read-only directory', () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    expect(storeFailureOf(errno('ENOSPC'))?.kind).toBe('disk-full');
    expect(storeFailureOf(errno('EDQUOT'))?.kind).toBe('disk-full');
    expect(storeFailureOf(errno('EROFS'))?.kind).toBe('read-only');
    // A refused permission may come from a read: only a caller that was writing says so.
    expect(storeFailureOf(errno('EACCES'))).toBeUndefined();
    expect(storeFailureOf(errno('EACCES'), true)?.kind).toBe('read-only');
    expect(storeFailureOf(errno('ENOENT'), true)).toBeUndefined();
  });
});

describe('a full disk inside a write', () => {
  it('reaches the caller as SQLITE_FULL from a savepoint, with nothing of the write kept', () => {
    const db = fullDisk();
    const error = thrown(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        db.transaction(() => db.prepare('INSERT INTO t VALUES (?)').run(BIG));
      }),
    );
    // SQLite rolled the whole transaction back: no "no such savepoint" in place of the cause.
    expect(error).toMatchObject({ errcode: 13 });
    expect(count(db)).toBe(0);
    db.exec('PRAGMA max_page_count = 100000');
    db.transaction(() => db.prepare('INSERT INTO t VALUES (?)').run(BIG));
    expect(count(db)).toBe(1);
    db.close();
  });

  it('refuses the statements of a write whose code caught the failure and went on', () => {
    const db = fullDisk();
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        try {
          db.transaction(() => db.prepare('INSERT INTO t VALUES (?)').run(BIG));
        } catch {
          // a careless caller
        }
        // Outside any transaction now: it would land alone.
        db.prepare('INSERT INTO t VALUES (2)').run();
      }),
    ).toThrow('SQLite rolled this write back after an error; none of it was saved.');
    expect(count(db)).toBe(0);
    db.close();
  });
});

describe('the change log when a COMMIT fails', () => {
  it('keeps the last revision and tells no one; a commit that landed anyway is announced', () => {
    const store = openStore(dir, { lock: false });
    let failure: 'rolled back' | 'landed anyway' | undefined;
    const db: Database = {
      ...store.db,
      transaction<T>(work: () => T): T {
        if (failure === 'rolled back')
          return store.db.transaction(() => {
            work();
            throw sqliteFull();
          });
        const result = store.db.transaction(work);
        if (failure === 'landed anyway') throw sqliteFull();
        return result;
      },
    };
    const changes = createChangeLog(db);
    const seen: number[] = [];
    changes.onCommit((rev) => seen.push(rev));
    expect(changes.write((rev) => rev)).toBe(1);

    failure = 'rolled back';
    expect(() => changes.write((rev) => rev)).toThrow('database or disk is full');
    expect([changes.latest(), changes.current(), seen]).toEqual([1, 1, [1]]);

    failure = 'landed anyway';
    expect(() => changes.write((rev) => rev)).toThrow('database or disk is full');
    expect([changes.latest(), changes.current(), seen]).toEqual([2, 2, [1, 2]]);

    failure = undefined;
    expect(changes.write((rev) => rev)).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    store.close();
  });
});
