/**
 * The resident wire cache's file: events' JSON kept on disk, beside the calendar, for a
 * calendar too large for the JSON kept in memory (100k events are about 360 MB of it, the
 * server's whole memory budget is 200 MB). SQLite keeps only a small page cache of it in the
 * process; the rest stays in the operating system's file cache, which is not the server's
 * memory and is given back under pressure.
 *
 * The file belongs to one run of one server: it is made new when that server first needs it,
 * named by its process id, and removed when it closes; a file left by a server that is no longer
 * running (a crash, a power cut) is removed by the next. It is never backed up or exported: it
 * holds nothing the database does not (events as their callers may see them, drafts included
 * for a token that reads them; no token, no password), and it is the owner's alone, as the
 * data directory is. Nothing in it is made durable: after a crash it is thrown away.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { keepPrivate } from './private-files.ts';
import { jsonList } from './sql.ts';

/** An event's JSON as kept: the bytes, their SHA-1, and where its terms' counts go. */
export type ResidentFragment = { json: Uint8Array; sha1: Uint8Array; slots: string };

export type WireCache = {
  /** The kept JSON of those of `ids` this scope has. */
  read(scope: number, ids: readonly number[]): Map<number, ResidentFragment>;
  write(scope: number, fragments: Iterable<[number, ResidentFragment]>): void;
  /** Which of `ids` this scope has kept already. */
  has(scope: number, ids: readonly number[]): Set<number>;
  /** Drops these events' JSON in these scopes. */
  forget(scopes: readonly number[], ids: Iterable<number>): void;
  /** Drops at most `limit` of a scope's fragments (a few at a time: not to hold the thread); how many it dropped. */
  dropScope(scope: number, limit: number): number;
  close(): void;
};

const FOLDER = 'wire-cache';
const NAME = /^wire-(\d+)\.db(-wal|-shm|-journal)?$/;

/** Is a process with this id running (a file of its own is then its, not left over)? */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the files of servers no longer running. */
function removeLeftovers(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running(pid)) rmSync(join(folder, name), { force: true });
  }
}

export function openWireCache(dataDir: string): WireCache {
  const folder = join(dataDir, FOLDER);
  removeLeftovers(folder);
  keepPrivate(folder);
  const file = join(folder, `wire-${process.pid}.db`);
  rmSync(file, { force: true });
  const db = new DatabaseSync(file);
  // Not durable, not shared: a crash throws the file away (the journal in memory: node:sqlite's
  // defensive mode refuses none at all). A small page cache (1 MB): the rest is read through
  // the operating system's file cache.
  db.exec(`
    PRAGMA journal_mode = MEMORY;
    PRAGMA synchronous = OFF;
    PRAGMA cache_size = -1024;
    PRAGMA locking_mode = EXCLUSIVE;
    CREATE TABLE fragment (
      scope INTEGER NOT NULL,
      id INTEGER NOT NULL,
      json BLOB NOT NULL,
      sha1 BLOB NOT NULL,
      slots TEXT NOT NULL,
      PRIMARY KEY (scope, id)
    );
  `);
  const read = db.prepare(
    'SELECT id, json, sha1, slots FROM fragment WHERE scope = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const has = db.prepare(
    'SELECT id FROM fragment WHERE scope = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const write = db.prepare(
    'INSERT OR REPLACE INTO fragment (scope, id, json, sha1, slots) VALUES (?, ?, ?, ?, ?)',
  );
  const forget = db.prepare(
    'DELETE FROM fragment WHERE scope = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const dropScope = db.prepare(
    'DELETE FROM fragment WHERE rowid IN (SELECT rowid FROM fragment WHERE scope = ? LIMIT ?)',
  );
  /** Several statements as one transaction (one write to the file, not one each). */
  const together = (work: () => void) => {
    db.exec('BEGIN');
    try {
      work();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    read(scope, ids) {
      const rows = read.all(scope, jsonList(ids)) as (ResidentFragment & { id: number })[];
      return new Map(rows.map(({ id, json, sha1, slots }) => [id, { json, sha1, slots }]));
    },
    write(scope, fragments) {
      together(() => {
        for (const [id, { json, sha1, slots }] of fragments)
          write.run(scope, id, json, sha1, slots);
      });
    },
    has(scope, ids) {
      const rows = has.all(scope, jsonList(ids)) as { id: number }[];
      return new Set(rows.map((row) => row.id));
    },
    forget(scopes, ids) {
      const list = jsonList([...ids]);
      // By scope: the key's first column (by id alone, every row would be read).
      together(() => {
        for (const scope of scopes) forget.run(scope, list);
      });
    },
    dropScope(scope, limit) {
      return Number(dropScope.run(scope, limit).changes);
    },
    close() {
      db.close();
      rmSync(file, { force: true });
    },
  };
}
