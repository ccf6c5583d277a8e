/**
 * Opens the calendar in a data directory: creates the directory (owner-only, and its files:
 * private-files.ts), takes the server lock when asked, opens `marquee.db` and applies
 * migrations.
 */
import { join, resolve } from 'node:path';
import { openDatabase, type Database, type DatabaseOptions } from './database.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { keepPrivate } from './private-files.ts';
import { createSearchBackfill, type SearchBackfill } from './search-backlog.ts';

export type Store = {
  readonly dataDir: string;
  readonly db: Database;
  /** Present when this store holds the server lock on the data directory. */
  readonly lock: DataDirLock | undefined;
  /** Indexes for search what a large load left unindexed, between requests. */
  readonly searchBackfill: SearchBackfill;
  close(): void;
};

export const DATABASE_FILE = 'marquee.db';

/**
 * `lock: true` for servers (one per data directory). Command-line tools that only run a few
 * statements open without the lock; SQLite's own locking keeps them safe beside a server.
 * `background`: servers confirm commits off the main thread (database.ts, durable-commits.ts).
 */
export function openStore(
  dataDir: string,
  options: { lock: boolean; background?: DatabaseOptions['background'] },
): Store {
  const dir = resolve(dataDir);
  keepPrivate(dir);
  const lock = options.lock ? lockDataDir(dir) : undefined;
  let db: Database | undefined;
  try {
    db = openDatabase(join(dir, DATABASE_FILE), { background: options.background });
    migrate(db);
  } catch (error) {
    db?.close();
    lock?.release();
    throw error;
  }
  return storeOf(dir, db, lock);
}

function storeOf(dir: string, db: Database, lock: DataDirLock | undefined): Store {
  const searchBackfill = createSearchBackfill(db);
  // A fill a quit interrupted goes on where it stopped.
  searchBackfill.schedule();
  return {
    dataDir: dir,
    db,
    lock,
    searchBackfill,
    close() {
      searchBackfill.stop();
      db.close();
      lock?.release();
    },
  };
}
