/**
 * Commits confirmed by the disk off the main thread, for the server's connection.
 *
 * With SQLite's synchronous=FULL every COMMIT waits for an fsync of the WAL on the thread that
 * runs it: in a server, every read queued behind a write waits for the disk too (p50
 * 136 ms under a mixed load). So the server's connection runs synchronous=NORMAL, under which
 * SQLite still syncs at every checkpoint (the file stays consistent whatever happens), and this
 * adds what FULL adds, the sync of the WAL after each commit, as an fsync in libuv's thread
 * pool. The main thread goes on serving reads meanwhile; every commit made while one fsync runs
 * is confirmed by the next one (a group commit). Nobody is told a write succeeded before its
 * fsync returns: durable() is what the HTTP layer waits on (http/durable-answers.ts).
 */
import { closeSync, fsync as fsyncFile, fsyncSync, openSync } from 'node:fs';
import { StoreFailure } from './store-failure.ts';

/** node:fs's fsync; tests pass one that they hold or make fail. */
export type Fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

type DurableCommits = {
  /** A transaction has committed: start confirming it. */
  committed(): void;
  /** Settles once every commit so far is on disk; rejects if the disk refused to confirm it. */
  durable(): Promise<void>;
  /** Confirms what is left, here and now (the connection is closing). */
  close(): void;
};

type Waiter = { upTo: number; resolve(): void; reject(error: Error): void };

/**
 * A failed fsync: the change is in the calendar now but may not survive a power cut. A storage
 * failure like a full disk (507) or a failing one (503): the client retries later.
 */
class UnconfirmedCommit extends StoreFailure {
  constructor(cause: NodeJS.ErrnoException) {
    super(
      cause.code === 'ENOSPC' || cause.code === 'EDQUOT' ? 'disk-full' : 'read-only',
      `The disk did not confirm that the change was written (${cause.code ?? cause.message}), so it may be lost after a power cut. Check the disk, then save the change again.`,
    );
    this.name = 'UnconfirmedCommit';
  }
}

export function createDurableCommits(walFile: string, fsync: Fsync = fsyncFile): DurableCommits {
  let commits = 0;
  /** Commits up to here are confirmed, or refused. */
  let settled = 0;
  let syncing = false;
  let closed = false;
  let fd: number | undefined;
  const waiters: Waiter[] = [];

  /** The last commits the disk refused to confirm: (from, upTo]. */
  let refused: { from: number; upTo: number; error: Error } | undefined;

  /** Commits up to `upTo` are confirmed, or refused with `error`: tell those waiting. */
  const finish = (upTo: number, error?: Error) => {
    if (error) refused = { from: settled, upTo, error };
    settled = Math.max(settled, upTo);
    for (let index = waiters.length - 1; index >= 0; index -= 1) {
      const waiter = waiters[index];
      if (!waiter || waiter.upTo > upTo) continue;
      waiters.splice(index, 1);
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  };

  const syncNext = () => {
    if (syncing || closed || settled >= commits) return;
    const upTo = commits;
    // The WAL exists once a transaction has committed; SQLite keeps the same file (it is
    // rewound after a checkpoint, never replaced) while this connection is open. If it cannot
    // be opened, the commits are refused as by an fsync; the next commit tries again.
    try {
      fd ??= openSync(walFile, 'r+');
    } catch (error) {
      finish(upTo, new UnconfirmedCommit(error as NodeJS.ErrnoException));
      return;
    }
    syncing = true;
    fsync(fd, (error) => {
      syncing = false;
      // A refusal is not retried: Linux drops the pages it could not write, so a second fsync
      // would succeed without them.
      finish(upTo, error ? new UnconfirmedCommit(error) : undefined);
      if (closed) closeFile();
      else syncNext();
    });
  };

  const closeFile = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };

  return {
    committed() {
      commits += 1;
      syncNext();
    },
    durable() {
      const upTo = commits;
      // Refused before anyone asked (the WAL would not open inside committed()).
      if (refused && refused.from < upTo && upTo <= refused.upTo)
        return Promise.reject(refused.error);
      if (settled >= upTo) return Promise.resolve();
      return new Promise((resolve, reject) => waiters.push({ upTo, resolve, reject }));
    },
    close() {
      if (closed) return;
      closed = true;
      try {
        if (fd !== undefined) fsyncSync(fd);
        finish(commits);
      } catch (error) {
        finish(commits, new UnconfirmedCommit(error as NodeJS.ErrnoException));
      }
      // An fsync still running closes the file when it returns.
      if (!syncing) closeFile();
    },
  };
}
