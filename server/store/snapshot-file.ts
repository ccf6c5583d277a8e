/**
 * Snapshot files: a consistent copy of the live database made by SQLite itself while the
 * server serves (`VACUUM INTO`: one read transaction, so no write is ever half in it), and
 * what a snapshot holds, read without changing it.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Database } from './database.ts';

/**
 * Copies the database to `target`: written under a temporary name, flushed to the disk, then
 * renamed, so a crash never leaves a half-written file under a snapshot's name. (SQLite does
 * not flush what VACUUM INTO writes.) Must run outside a transaction.
 */
export function writeSnapshotFile(db: Database, target: string): void {
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  rmSync(partial, { force: true });
  db.settle();
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    flush(partial);
    renameSync(partial, target);
    flushDirectory(dirname(target));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function flush(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes the rename itself durable where the system can flush a directory (not Windows). */
function flushDirectory(path: string): void {
  try {
    flush(path);
  } catch {
    // The file was flushed before the rename; only the new name may be lost in a power cut.
  }
}

export type SnapshotFacts = {
  /** The schema version it was written with (store/migrations). */
  schema: number;
  /** Its change sequence. */
  seq: number;
  /** Events in it, the trash aside. */
  events: number;
};

/** Opens the file read-only; throws when it is not a Marquee calendar. */
export function readSnapshotFacts(file: string): SnapshotFacts {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number | null }).n ?? 0;
    return {
      schema: one('SELECT MAX(version) AS n FROM schema_migrations'),
      seq: one('SELECT seq AS n FROM change_counter WHERE id = 1'),
      events: one(`SELECT COUNT(*) AS n FROM posts WHERE kind = 'event' AND status <> 'trash'`),
    };
  } finally {
    db.close();
  }
}

/** SQLite's own check of the file's structure ("ok" or what is wrong). */
export function checkSnapshotFile(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    return rows.map((row) => row.quick_check).join('; ');
  } finally {
    db.close();
  }
}
