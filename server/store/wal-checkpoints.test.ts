/**
 * Checkpoints made by a thread of their own: the WAL is copied back and starts over without
 * the committing connection checkpointing, a burst of commits shares one pass, and closing
 * leaves no WAL behind.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import {
  BACKSTOP_PAGES,
  createWalCheckpoints,
  DELAY_MS,
  type Checkpointed,
  type WalCheckpoints,
} from './wal-checkpoints.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-checkpoints-'));
  file = join(dir, 'calendar.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A WAL connection that never checkpoints by itself. */
function writer(): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
    CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, text TEXT)`);
  return db;
}

/** About 200 pages of WAL, in ten commits. */
function burst(db: DatabaseSync): void {
  const insert = db.prepare('INSERT INTO rows (text) VALUES (?)');
  for (let commit = 0; commit < 10; commit += 1) {
    db.exec('BEGIN');
    for (let row = 0; row < 20; row += 1) insert.run('x'.repeat(3000));
    db.exec('COMMIT');
  }
}

const walSize = () => statSync(`${file}-wal`).size;

/** `test` with a writer and its checkpoints (which must not fail), and the passes they made. */
async function withCheckpoints(
  test: (db: DatabaseSync, checkpoints: WalCheckpoints, passes: Checkpointed[]) => Promise<void>,
  idleMs?: number,
): Promise<void> {
  const db = writer();
  const passes: Checkpointed[] = [];
  const checkpoints = createWalCheckpoints(file, {
    failed: (error) => expect.unreachable(error.message),
    done: (result) => passes.push(result),
    idleMs,
  });
  try {
    await test(db, checkpoints, passes);
  } finally {
    checkpoints.close();
    db.close();
  }
}

describe('checkpoints on a thread of their own', () => {
  it('copy the WAL back, after which it starts over instead of growing', async () => {
    await withCheckpoints(async (db, checkpoints, passes) => {
      burst(db);
      checkpoints.committed();
      await checkpoints.idle();
      expect(passes).toHaveLength(1);
      expect(passes[0]?.log).toBeGreaterThan(150);
      expect(passes[0]?.checkpointed).toBe(passes[0]?.log);
      const grown = walSize();
      // Without the pass, these pages would be added after the first burst's (twice the size).
      burst(db);
      expect(walSize()).toBeLessThan(grown * 1.5);
      expect(db.prepare('SELECT COUNT(*) AS n FROM rows').get()).toEqual({ n: 400 });
    });
  });

  it("make one pass for a busy moment's commits, and one more for those after it began", async () => {
    await withCheckpoints(async (db, checkpoints, passes) => {
      for (let moment = 0; moment < 5; moment += 1) {
        burst(db);
        checkpoints.committed();
      }
      // The pass begins DELAY_MS after the first commit; its thread is likely still starting.
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 50));
      burst(db);
      checkpoints.committed();
      await checkpoints.idle();
      expect(passes).toHaveLength(2);
      expect(passes[0]?.log).toBeGreaterThan(5 * 150);
      // The second pass copied the last burst too: nothing is left in the WAL alone.
      expect(passes[1]?.checkpointed).toBe(passes[1]?.log);
    });
  });

  it('end their thread when there is nothing to copy, and start another when there is', async () => {
    await withCheckpoints(async (db, checkpoints, passes) => {
      burst(db);
      checkpoints.committed();
      await checkpoints.idle();
      expect(checkpoints.threaded).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(checkpoints.threaded).toBe(false);
      burst(db);
      checkpoints.committed();
      await checkpoints.idle();
      expect(passes).toHaveLength(2);
      expect(passes[1]?.checkpointed).toBe(passes[1]?.log);
    }, 50);
  });

  it('say when the thread cannot open the file, so SQLite checkpoints again', async () => {
    const failures: Error[] = [];
    const checkpoints = createWalCheckpoints(join(dir, 'missing', 'calendar.db'), {
      failed: (error) => failures.push(error),
    });
    checkpoints.committed();
    await checkpoints.idle();
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/unable to open/);
    checkpoints.close();
  });

  it('close their connection first, so that the last one out removes the WAL', async () => {
    const db = writer();
    const checkpoints = createWalCheckpoints(file, {
      failed: (error) => expect.unreachable(error.message),
    });
    burst(db);
    checkpoints.committed();
    await checkpoints.idle();
    checkpoints.close();
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("are the server connection's, closed with it", async () => {
    const db = openDatabase(file, { background: {} });
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({
      wal_autocheckpoint: BACKSTOP_PAGES,
    });
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT)');
    db.transaction(() => db.prepare('INSERT INTO rows (text) VALUES (?)').run('kept'));
    await db.durable();
    // Time for the pass DELAY_MS after the commit, its thread and connection started.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 350));
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new DatabaseSync(file);
    expect(again.prepare('SELECT text FROM rows').all()).toEqual([{ text: 'kept' }]);
    again.close();
  });
});
