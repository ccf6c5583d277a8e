/**
 * Snapshots of the calendar in `<data dir>/backups/`: made by SQLite from the live database
 * (daily, on request, and before a restore or a large import), listed, pruned before and after
 * each new one (snapshots/retention.ts) and restored in place while the server runs, after a
 * snapshot of the state the restore replaces (store/snapshot-restore.ts).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Snapshot, SnapshotReason, SnapshotRestoreAnswer } from '#shared/schemas/snapshot.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain/errors.ts';
import { notFound, unusable } from './snapshot-errors.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import { openDatabase, type Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { MIGRATIONS } from '../store/migrations/index.ts';
import {
  checkSnapshotFile,
  readSnapshotFacts,
  writeSnapshotFile,
  writeSnapshotFileAside,
  type SnapshotFacts,
} from '../store/snapshot-file.ts';
import { restoreSnapshotFile, SnapshotShapeError } from '../store/snapshot-restore.ts';
import { newestFirst, ROTATION_REASONS, snapshotsToPrune } from './retention.ts';
import { parseSnapshotName, snapshotFileName, type SnapshotName } from './snapshot-names.ts';

/** Beside the database in the data directory. */
const SNAPSHOTS_FOLDER = 'backups';

/** An import of more events than this is snapshotted first (see beforeImport). */
const LARGE_IMPORT_EVENTS = 1000;

/** A temporary file older than this was left by a crash (a snapshot takes seconds at most). */
const STALE_PARTIAL_MS = 3_600_000;

type SnapshotsDeps = {
  db: Database;
  changes: ChangeLog;
  dataDir: string;
  clock: Clock;
  /**
   * After a restore: an older snapshot brings texts stored before the rule of who may write
   * HTML, to be cleaned before anything serves them (domain/posts/texts-before-html-rule.ts).
   */
  afterRestore?: () => void;
};

/** The calendar's snapshots in the data directory: taken, listed, restored in place. */
export type Snapshots = {
  folder: string;
  /** Newest first (one pruned meanwhile by another process is left out). */
  list(): Snapshot[];
  create: (reason: SnapshotReason, now?: Date, keep?: string) => Snapshot;
  createAside: (reason: SnapshotReason, now: Date, signal?: AbortSignal) => Promise<Snapshot>;
  /** The newest daily one, and the change sequence it holds. */
  newestInRotation(): { created: Date; seq: number | undefined } | undefined;
  /** Runs an import's write, after a snapshot when it brings many events. */
  beforeImport<T>(events: number, write: () => Promise<T>): Promise<T>;
  /** Restores `name` in place, after a "before-restore" snapshot of the calendar as it is. */
  restore(name: string, now?: Date): SnapshotRestoreAnswer;
};

const LATEST_SCHEMA = MIGRATIONS.at(-1)?.version ?? 0;

export function createSnapshots(deps: SnapshotsDeps): Snapshots {
  const folder = join(deps.dataDir, SNAPSHOTS_FOLDER);
  // What a snapshot holds is read once: a snapshot does not change once it has its name (a
  // file put there under the same name by hand is read again: its size or time differ).
  const facts = new Map<string, { stamp: string; facts: SnapshotFacts | null }>();
  /** Snapshots being copied aside: their names are taken before their files exist. */
  const making = new Set<string>();

  function factsOf(name: string): SnapshotFacts | null {
    const file = join(folder, name);
    const { size, mtimeMs } = statSync(file);
    const stamp = `${size}:${mtimeMs}`;
    const known = facts.get(name);
    if (known?.stamp === stamp) return known.facts;
    let read: SnapshotFacts | null;
    try {
      read = readSnapshotFacts(file);
    } catch {
      read = null;
    }
    facts.set(name, { stamp, facts: read });
    return read;
  }

  /** The snapshots in the folder, newest first; other files there are not touched. */
  function entries(): SnapshotName[] {
    let files: string[];
    try {
      files = readdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return files
      .map(parseSnapshotName)
      .filter((entry) => entry !== undefined)
      .sort(newestFirst);
  }

  function describe(entry: SnapshotName): Snapshot {
    return {
      name: entry.name,
      created: toUtcString(entry.created),
      reason: entry.reason,
      size: statSync(join(folder, entry.name)).size,
      events: factsOf(entry.name)?.events ?? null,
    };
  }

  function remove(name: string): void {
    rmSync(join(folder, name), { force: true });
    facts.delete(name);
  }

  /**
   * Deletes what the retention rules no longer keep (counting `coming`, the one about to be
   * written, as there already), and files a crash left half-written.
   */
  function prune(now: Date, keep: readonly string[], coming?: SnapshotName): void {
    const all = coming ? [coming, ...entries()] : entries();
    for (const name of snapshotsToPrune(all, now, keep)) remove(name);
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.partial') && !file.startsWith('.restoring-')) continue;
      const path = join(folder, file);
      if (Date.now() - statSync(path).mtimeMs > STALE_PARTIAL_MS) rmSync(path, { force: true });
    }
  }

  /**
   * Makes a snapshot of the calendar as it is now (never pruning it, nor `keep`). Pruned first
   * as if it were there, so a full disk gets room back from what the new one pushes out, and
   * again after (another process may have added one meanwhile).
   */
  function create(reason: SnapshotReason, now: Date = deps.clock.now(), keep?: string): Snapshot {
    const { entry, kept } = named(reason, now, keep);
    writeSnapshotFile(deps.db, join(folder, entry.name));
    prune(now, kept);
    return describe(entry);
  }

  /**
   * The same, copied on a thread of its own while the server goes on serving (the daily one,
   * "Snapshot now", the one before a large import).
   */
  async function createAside(
    reason: SnapshotReason,
    now: Date,
    signal?: AbortSignal,
  ): Promise<Snapshot> {
    const { entry, kept } = named(reason, now);
    making.add(entry.name);
    try {
      await writeSnapshotFileAside(deps.db, join(folder, entry.name), signal);
    } finally {
      making.delete(entry.name);
    }
    prune(now, kept);
    return describe(entry);
  }

  /** A new snapshot's name, and what pruning keeps, the folder pruned as if it were there. */
  function named(reason: SnapshotReason, now: Date, keep?: string) {
    mkdirSync(folder, { recursive: true });
    let copy = 1;
    const taken = (name: string) => making.has(name) || existsSync(join(folder, name));
    while (taken(snapshotFileName(now, reason, copy))) copy += 1;
    const entry = { name: snapshotFileName(now, reason, copy), created: now, reason, copy };
    const kept = keep === undefined ? [entry.name] : [entry.name, keep];
    prune(now, kept, entry);
    return { entry, kept };
  }

  /**
   * The write a "before-…" snapshot guards; when it fails the snapshot is deleted again: it
   * holds nothing the calendar does not, and would only take room.
   */
  function guardedBy<T>(before: Snapshot, write: (before: Snapshot) => T): T {
    try {
      return write(before);
    } catch (error) {
      remove(before.name);
      throw error;
    }
  }

  /**
   * The snapshot to restore, brought to this schema version: a copy migrated beside it when
   * it is older (the snapshot itself stays as it is). `done` removes the copy.
   */
  function prepared(
    name: string,
    held: SnapshotFacts,
  ): { file: string; seq: number; done(): void } {
    const file = join(folder, name);
    if (held.schema === LATEST_SCHEMA) return { file, seq: held.seq, done() {} };
    const copy = join(folder, `.restoring-${name}`);
    const done = () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
    };
    try {
      copyFileSync(file, copy);
      const db = openDatabase(copy);
      try {
        migrate(db);
      } finally {
        db.close();
      }
      return { file: copy, seq: readSnapshotFacts(copy).seq, done };
    } catch (error) {
      done();
      throw error;
    }
  }

  return {
    folder,

    /** Newest first (one pruned meanwhile by another process is left out). */
    list(): Snapshot[] {
      return entries().flatMap((entry) => {
        try {
          return [describe(entry)];
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
          throw error;
        }
      });
    },

    create,
    createAside,

    /** The newest daily one, and the change sequence it holds. */
    newestInRotation(): { created: Date; seq: number | undefined } | undefined {
      const newest = entries().find((entry) => ROTATION_REASONS.has(entry.reason));
      return newest && { created: newest.created, seq: factsOf(newest.name)?.seq };
    },

    /**
     * Runs an import's write (the file read and checked already), after a snapshot when it
     * brings many events, copied aside (the server answers others meanwhile: it takes 12 s at
     * 1M events); the snapshot goes again when the write fails.
     */
    async beforeImport<T>(events: number, write: () => Promise<T>): Promise<T> {
      if (events <= LARGE_IMPORT_EVENTS) return write();
      const before = await createAside('before-import', deps.clock.now());
      try {
        return await write();
      } catch (error) {
        remove(before.name);
        throw error;
      }
    },

    /**
     * Restores `name` in place: checks it, snapshots the calendar as it is ("before-restore"),
     * then replaces the calendar's records with the snapshot's in one write.
     */
    restore(name: string, now: Date = deps.clock.now()): SnapshotRestoreAnswer {
      const entry = parseSnapshotName(name);
      if (!entry || !existsSync(join(folder, name))) throw notFound(name);
      const held = factsOf(name);
      if (!held) throw unusable(name, 'it is not a Marquee calendar.');
      if (held.schema > LATEST_SCHEMA)
        throw new DomainError(
          'marquee_snapshot_too_new',
          `The snapshot ${name} was made by a newer Marquee (schema ${held.schema}; this version knows up to ${LATEST_SCHEMA}). Update Marquee to restore it.`,
        );
      const check = checkSnapshotFile(join(folder, name));
      if (check !== 'ok') throw unusable(name, `SQLite finds it damaged (${check}).`);
      const before = guardedBy(create('before-restore', now, name), (made) => {
        const source = prepared(name, held);
        try {
          restoreSnapshotFile(deps.db, deps.changes, source.file, {
            seq: source.seq,
            nowUtc: toUtcString(now),
          });
        } catch (error) {
          if (error instanceof SnapshotShapeError) throw unusable(name, error.message);
          throw error;
        } finally {
          source.done();
        }
        return made;
      });
      // The restore is committed: the before-restore snapshot stays whatever this does.
      deps.afterRestore?.();
      return { restored: describe(entry), before };
    },
  };
}
