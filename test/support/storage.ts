/**
 * Storage trouble on demand, for a test server's own SQLite connection, and the check that the
 * calendar's file came through whole.
 *
 * Tests run as root in CI containers, where chmod stops nothing, and even elsewhere a chmod does
 * not touch a running server's open files. So the failures are made where SQLite reports them:
 * `max_page_count` makes the next write that needs a page fail with SQLITE_FULL, exactly as a
 * full disk does; `query_only` makes every write fail with SQLITE_READONLY, exactly as a
 * read-only file or mount does. Both are undone on the same connection: "room again".
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Database } from '#server/store/database.ts';
import { DATABASE_FILE } from '#server/store/open-store.ts';

const pragma = (database: Database, name: string) =>
  (database.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[name] ?? 0;

/**
 * The disk fills up: no free page is left in the file (VACUUM) and the file may grow by one
 * page only. Returns "free some space".
 */
export function fillDisk(database: Database): () => void {
  const limit = pragma(database, 'max_page_count');
  database.exec('VACUUM');
  database.exec(`PRAGMA max_page_count = ${pragma(database, 'page_count') + 1}`);
  return () => database.exec(`PRAGMA max_page_count = ${limit}`);
}

/** The data directory turns read-only. Returns "make it writable again". */
export function makeReadOnly(database: Database): () => void {
  database.exec('PRAGMA query_only = ON');
  return () => database.exec('PRAGMA query_only = OFF');
}

/** `PRAGMA integrity_check` and foreign key check of a data directory's calendar, read-only. */
export function integrityOf(dataDir: string): { integrity: string[]; foreignKeyProblems: number } {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const integrity = (
      db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]
    ).map((row) => row.integrity_check);
    return { integrity, foreignKeyProblems: db.prepare('PRAGMA foreign_key_check').all().length };
  } finally {
    db.close();
  }
}
