/**
 * Snapshot files: a consistent copy of the live database made by SQLite itself while the
 * server serves (`VACUUM INTO`: one read transaction, so no write is ever half in it), and
 * what a snapshot holds, read without changing it.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { Database } from './database.ts';

/**
 * Copies the database to `target`: written under a temporary name, flushed to the disk, then
 * renamed, so a crash never leaves a half-written file under a snapshot's name. (SQLite does
 * not flush what VACUUM INTO writes.) Must run outside a transaction.
 */
export function writeSnapshotFile(db: Database, target: string): void {
  const partial = partialOf(target);
  rmSync(partial, { force: true });
  db.settle();
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    flush(partial);
    publish(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * The same copy made on a thread of its own, through a connection of its own, so the server
 * goes on answering meanwhile: at 100k events the copy and its flush take the main thread
 * 1.5–3 s, at 1M about ten times that. What is committed when the copy's read transaction
 * begins is in it (the writes of this turn are committed first). `signal` stops it (the
 * server is closing): the half-written file is removed.
 */
export async function writeSnapshotFileAside(
  db: Database,
  target: string,
  signal?: AbortSignal,
): Promise<void> {
  const partial = partialOf(target);
  rmSync(partial, { force: true });
  db.settle();
  try {
    await copyInWorker(db.file, partial, signal);
    await flushAside(partial);
    publish(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * What the worker runs: VACUUM INTO through a connection of its own, as a script of its own
 * (eval, node:sqlite only), so the sources and the app's bundle start it alike. A read-only
 * connection would need the WAL's shared memory to be writable anyway; this one only reads.
 */
const COPY = `
const { workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.source, { timeout: 5000 });
try {
  db.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  db.close();
}
`;

/** `flush`, in libuv's thread pool: the copy's fsync takes seconds at 1M events. */
async function flushAside(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

function copyInWorker(source: string, target: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const worker = new Worker(COPY, { eval: true, workerData: { source, target } });
    let failure: Error | undefined;
    const stop = () => {
      failure = signal?.reason as Error;
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('error', (error: Error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`The snapshot's thread stopped (exit code ${code}).`));
      else resolve();
    });
  });
}

const partialOf = (target: string) => join(dirname(target), `.${basename(target)}.partial`);

/** The flushed copy under its name, the rename made durable too. */
function publish(partial: string, target: string): void {
  renameSync(partial, target);
  flushDirectory(dirname(target));
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
