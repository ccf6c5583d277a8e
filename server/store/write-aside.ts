/**
 * A write through another connection to the database's file (a large file's import, in a
 * worker thread), which holds SQLite's write lock until it ends: the connection's own writes
 * wait for it meanwhile (`writable`, `whenWritable`), as SQLite's busy wait would hold the
 * thread and a write made now would fail. database.ts gives one to each connection.
 */
import type { Database } from './database.ts';

type WritesAside = {
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Undefined when the connection may write; else settles when the write aside ends. */
  writable(): Promise<void> | undefined;
  /** A writer on this thread that did not wait for a write aside first: refused at once. */
  assertNone(depth: number): void;
  /** Aborts a write aside under way and refuses new ones (the connection closes). */
  abort(): void;
  /** Asks a write aside to stop, refuses new ones, and settles once none is under way. */
  stop(): Promise<void>;
};

export function createWritesAside(connection: {
  /** Commits the connection's open group, before the other connection writes. */
  settle(): void;
  /** What the other connection committed: copied back soon (the checkpoints' thread). */
  committed(): void;
  isOpen(): boolean;
}): WritesAside {
  /** A write aside under way: settles when it ends. */
  let aside: Promise<void> | undefined;
  const closing = new AbortController();
  const abort = () => closing.abort(new Error('The calendar is closing.'));

  return {
    async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      while (aside) await aside;
      if (closing.signal.aborted) throw new Error('The calendar is closing.');
      connection.settle();
      let release!: () => void;
      aside = new Promise((resolve) => (release = resolve));
      try {
        return await work(closing.signal);
      } finally {
        aside = undefined;
        // What the other connection committed is in the WAL (synced by its own COMMIT): copied
        // back by the checkpoints' thread, not at this thread's next commit.
        if (connection.isOpen()) connection.committed();
        release();
      }
    },
    writable: () => aside,
    // Every writer on this thread waits for a write aside first (whenWritable): one that did not
    // is a bug, refused at once rather than left to SQLite's busy wait, which holds the thread.
    assertNone(depth) {
      if (aside && depth === 0)
        throw new Error(
          'A write aside (a file’s import) holds the database: a write must wait for it (whenWritable).',
        );
    },
    abort,
    async stop() {
      abort();
      while (aside) await aside;
    },
  };
}

/**
 * Runs `work` (a write on `db`'s connection) now, or once no write aside holds the database:
 * then asynchronously, so the thread answers other requests meanwhile. The check and the work
 * run in one go, so no write aside can begin between them.
 */
export function whenWritable<T>(db: Pick<Database, 'writable'>, work: () => T): T | Promise<T> {
  const held = db.writable();
  if (!held) return work();
  return held.then(() => whenWritable(db, work));
}
