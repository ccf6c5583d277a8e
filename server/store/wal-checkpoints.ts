/**
 * Checkpoints on a thread of their own, for the server's connection.
 *
 * SQLite copies the WAL back into the database file when a COMMIT leaves the WAL past 1,000
 * pages, on the thread that commits, and flushes both files to the disk meanwhile. In the
 * server that thread answers every read too: at 100k events a create writes about 15 pages,
 * and under 8 clients creating, the event loop stood still for up to 180–280 ms (its delay's
 * maximum over 8 s; 37–85 ms with this file; p99 9–10 ms against 7–8). So here a connection of
 * its own runs PASSIVE checkpoints, which neither wait for a writer nor hold one up: one at a
 * time, DELAY_MS after a commit, so the commits of a busy moment share one. Once one has
 * copied everything, the next write starts the WAL over, as after SQLite's own. Under writes
 * that never pause, commits land during each pass, the WAL keeps growing, and at
 * BACKSTOP_PAGES the server's connection checkpoints after all: only what this thread has not
 * copied yet, then the WAL starts over. The thread ends after IDLE_MS without a checkpoint to
 * make, and with it its 12 MB.
 */
import { Worker } from 'node:worker_threads';

/** The server's connection checkpoints itself only past this (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 10_000;

/**
 * How long after a commit a checkpoint starts. Each checkpoint that copies everything makes the
 * next commit start the WAL over, and SQLite syncs the new WAL header on the committing thread
 * (1–10 ms on a busy disk): at 250 ms a steady stream of writes (a website sync's push) had the
 * main thread in fsync four times a second; at 1 s once (2026-11-27, strace of a 150-event push).
 */
export const DELAY_MS = 1000;

/** A thread with no checkpoint to make for this long ends (a new one starts when needed). */
const IDLE_MS = 30_000;

/** How long closing waits for a checkpoint under way to end before it closes its connection. */
const CLOSE_WAIT_MS = 10_000;

/**
 * The thread: PASSIVE checkpoints on request, through its own connection (a script of its own,
 * node:sqlite only, so the sources and the app's bundle start it alike). Closing is answered
 * through shared memory, so the server's close can wait for it without returning to the loop.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const closed = new Int32Array(workerData.closed);
const db = new DatabaseSync(workerData.file);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    parentPort.close();
    return;
  }
  const { log, checkpointed } = checkpoint.get();
  parentPort.postMessage({ log, checkpointed });
});
`;

/** What a checkpoint left: the WAL's pages, and how many of them are in the database file. */
export type Checkpointed = { log: number; checkpointed: number };

export type WalCheckpoints = {
  /** A transaction has committed: checkpoint soon. */
  committed(): void;
  /** Settles when no checkpoint is due or under way (tests). */
  idle(): Promise<void>;
  /** Whether a thread is there (tests). */
  readonly threaded: boolean;
  /** Ends the thread and closes its connection, here and now. */
  close(): void;
};

/** A checkpointing thread, and where it says its connection is closed. */
type Thread = { worker: Worker; closed: Int32Array };

/**
 * `file`'s checkpoints, made aside. If the thread fails (it cannot open the file), `failed`
 * hands checkpoints back to SQLite's own.
 */
export function createWalCheckpoints(
  file: string,
  options: { failed(error: Error): void; done?(result: Checkpointed): void; idleMs?: number },
): WalCheckpoints {
  const idleMs = options.idleMs ?? IDLE_MS;
  let thread: Thread | undefined;
  let timer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let running = false;
  /** Commits since the checkpoint under way began. */
  let behind = false;
  /** The thread failed, or the checkpoints were closed: none is made any more. */
  let ended = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (timer || running) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

  /**
   * Ends the thread here and now. A checkpoint under way ends first; the connection must be
   * closed before the server's, so that the last one out removes the WAL as SQLite does.
   */
  const stop = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (!thread) return;
    thread.worker.postMessage('close');
    Atomics.wait(thread.closed, 0, 0, CLOSE_WAIT_MS);
    void thread.worker.terminate();
    thread = undefined;
    running = false;
  };

  const spawn = (): Thread => {
    const closed = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { file, closed: closed.buffer },
    });
    worker.unref();
    worker.on('message', (result: Checkpointed) => {
      running = false;
      options.done?.(result);
      if (behind) schedule();
      else {
        // Its isolate is about 12 MB: kept only while the calendar is being written.
        idleTimer = setTimeout(stop, idleMs);
        idleTimer.unref();
      }
      settleIdle();
    });
    worker.on('error', (error: Error) => {
      ended = true;
      running = false;
      thread = undefined;
      options.failed(error);
      settleIdle();
    });
    return { worker, closed };
  };

  const start = () => {
    timer = undefined;
    if (ended) return settleIdle();
    clearTimeout(idleTimer);
    idleTimer = undefined;
    thread ??= spawn();
    running = true;
    behind = false;
    thread.worker.postMessage('checkpoint');
  };

  function schedule(): void {
    if (ended) return;
    if (running) {
      behind = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(start, DELAY_MS);
    timer.unref();
  }

  return {
    committed: schedule,
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    get threaded() {
      return thread !== undefined;
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
      ended = true;
      stop();
      settleIdle();
    },
  };
}
