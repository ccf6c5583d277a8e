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

export type WireCache = {
  /** The kept bytes of those of `ids` this scope has. */
  read(scope: number, ids: readonly number[]): Map<number, Uint8Array>;
  write(scope: number, fragments: Iterable<[number, Uint8Array]>): void;
  /** Which of `ids` this scope has kept already. */
  has(scope: number, ids: readonly number[]): Set<number>;
  /** Drops these events' bytes in these scopes. */
  forget(scopes: readonly number[], ids: Iterable<number>): void;
  /** Drops at most `limit` of a scope's fragments (a few at a time: not to hold the thread); how many it dropped. */
  dropScope(scope: number, limit: number): number;
  close(): void;
};

/**
 * A row's key: the scope in the high bits, the event's id in the low 32 (SQLite's 64-bit rowid).
 * One B-tree, a page's rows found by one descent each, a scope's rows side by side; a key of a
 * scope and an id in a table of their own took an index's descent and the table's (a page of
 * 10 events read in 170 µs against 110, measured on a file of 200k rows of 2.6–4 kB).
 */
const ID_BITS = 32;
/** Ids a key holds; a larger one is never kept (made each time it is asked). */
const WIRE_CACHE_MAX_ID = 2 ** ID_BITS - 1;

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
    CREATE TABLE fragment (key INTEGER PRIMARY KEY, bytes BLOB NOT NULL);
  `);
  // `?1 << 32 | value`: the keys of a scope's ids (json_each's values, the ids in order).
  const keys = `SELECT (?1 << ${ID_BITS}) | value FROM json_each(?2)`;
  const read = db.prepare(
    `SELECT key & ${WIRE_CACHE_MAX_ID} AS id, bytes FROM fragment WHERE key IN (${keys})`,
  );
  const has = db.prepare(
    `SELECT key & ${WIRE_CACHE_MAX_ID} AS id FROM fragment WHERE key IN (${keys})`,
  );
  const write = db.prepare(
    `INSERT OR REPLACE INTO fragment (key, bytes) VALUES ((?1 << ${ID_BITS}) | ?2, ?3)`,
  );
  const forget = db.prepare(`DELETE FROM fragment WHERE key IN (${keys})`);
  const dropScope = db.prepare(
    `DELETE FROM fragment WHERE key IN (SELECT key FROM fragment WHERE key BETWEEN ?1 << ${ID_BITS} AND (?1 << ${ID_BITS}) | ${WIRE_CACHE_MAX_ID} LIMIT ?2)`,
  );
  /** Only ids a key holds (others are never kept). */
  const fits = (id: number) => Number.isSafeInteger(id) && id >= 0 && id <= WIRE_CACHE_MAX_ID;
  const keyable = (ids: Iterable<number>) => [...ids].filter(fits);
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
      const rows = read.all(scope, jsonList(keyable(ids))) as { id: number; bytes: Uint8Array }[];
      return new Map(rows.map(({ id, bytes }) => [id, bytes]));
    },
    write(scope, fragments) {
      together(() => {
        for (const [id, bytes] of fragments) if (fits(id)) write.run(scope, id, bytes);
      });
    },
    has(scope, ids) {
      const rows = has.all(scope, jsonList(keyable(ids))) as { id: number }[];
      return new Set(rows.map((row) => row.id));
    },
    forget(scopes, ids) {
      const list = jsonList(keyable(ids));
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
