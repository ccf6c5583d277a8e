import { fsync as fsyncFile, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDurableCommits, type Fsync } from './durable-commits.ts';
import { openDatabase, type Database } from './database.ts';
import { storeFailureOf } from './store-failure.ts';

/** An fsync the test releases (or fails) by hand; it does the real fsync when released. */
function heldFsync() {
  const pending: ((error?: NodeJS.ErrnoException) => Promise<void>)[] = [];
  const fsync: Fsync = (fd, done) => {
    pending.push(
      (error) =>
        new Promise((returned) => {
          const answer = (result: NodeJS.ErrnoException | null) => (done(result), returned());
          if (error) answer(error);
          else fsyncFile(fd, answer);
        }),
    );
  };
  return {
    fsync,
    /** Completes the oldest fsync not completed yet, and waits until it has returned. */
    release: async (error?: NodeJS.ErrnoException) => {
      const next = pending.shift();
      if (!next) throw new Error('no fsync is waiting');
      await next(error);
    },
    waiting: () => pending.length,
  };
}

/** Whether a promise has settled, after a turn of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-durable-commits-'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(fsync?: Fsync): Database {
  db = openDatabase(join(dir, 'marquee.db'), fsync ? { background: { fsync } } : {});
  db.exec('CREATE TABLE notes (text TEXT)');
  return db;
}

const write = (text: string) =>
  db.transaction(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run(text));

const synchronousOf = (database: Database) =>
  (database.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous;

describe('commits confirmed off the main thread', () => {
  it('is settled only once the fsync after the commit returns', async () => {
    const disk = heldFsync();
    open(disk.fsync);
    write('one');
    const durable = db.durable();
    expect(await settled(durable)).toBe(false);
    await disk.release();
    expect(await settled(durable)).toBe(true);
    // Nothing new committed: nothing to wait for.
    expect(await settled(db.durable())).toBe(true);
  });

  it('confirms every commit made while one fsync runs with the next fsync (group commit)', async () => {
    const disk = heldFsync();
    open(disk.fsync);
    write('first');
    const first = db.durable();
    for (const text of ['a', 'b', 'c', 'd', 'e']) write(text);
    const later = db.durable();
    expect(disk.waiting()).toBe(1);
    await disk.release();
    expect(await settled(first)).toBe(true);
    // The five commits after the first fsync began wait for the one that follows it.
    expect(await settled(later)).toBe(false);
    expect(disk.waiting()).toBe(1);
    await disk.release();
    expect(await settled(later)).toBe(true);
    expect(disk.waiting()).toBe(0);
  });

  it('counts a statement that committed on its own, outside transaction()', async () => {
    const disk = heldFsync();
    open(disk.fsync);
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('alone');
    const durable = db.durable();
    expect(await settled(durable)).toBe(false);
    await disk.release();
    expect(await settled(durable)).toBe(true);
  });

  it('rejects with a storage failure when the disk refuses, and confirms the next commits again', async () => {
    const disk = heldFsync();
    open(disk.fsync);
    write('lost?');
    const refused = db.durable().then(
      () => undefined,
      (error: unknown) => error,
    );
    await disk.release(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    const failure = await refused;
    expect(storeFailureOf(failure)?.kind).toBe('read-only');
    expect((failure as Error).message).toContain('may be lost after a power cut');
    write('again');
    const next = db.durable();
    await disk.release();
    expect(await settled(next)).toBe(true);
  });

  it('tells those waiting when the WAL cannot be opened, and leaves no one waiting after', async () => {
    db = openDatabase(join(dir, 'marquee.db'));
    const sync = createDurableCommits(join(dir, 'missing', 'marquee.db-wal'));
    const waiting = sync.durable(); // nothing committed yet
    sync.committed();
    const refused = await sync.durable().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(await settled(waiting)).toBe(true);
    expect(storeFailureOf(refused)?.message).toContain('may be lost after a power cut');
    expect(await settled(sync.durable())).toBe(true);
    sync.close();
  });

  it('confirms what is pending when the connection closes', async () => {
    const disk = heldFsync();
    open(disk.fsync);
    write('one');
    write('two');
    const durable = db.durable();
    db.close();
    expect(await settled(durable)).toBe(true);
    const reopened = openDatabase(join(dir, 'marquee.db'));
    expect((reopened.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(2);
    reopened.close();
    await disk.release(); // the fsync that was running returns after the close
  });

  it('runs synchronous=NORMAL with its own fsync, FULL without (command-line tools)', async () => {
    open(heldFsync().fsync);
    expect(synchronousOf(db)).toBe(1);
    const tool = openDatabase(join(dir, 'tool.db'));
    expect(synchronousOf(tool)).toBe(2);
    tool.exec('CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (1)');
    expect(await settled(tool.durable())).toBe(true);
    tool.close();
  });
});
