/**
 * The SQLite connection (built-in node:sqlite): pragmas, a statement cache and transactions.
 * Only repos (files named *.repo.ts) and the store plumbing use it.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { foldText } from '#shared/text/fold.ts';
import { createDurableCommits, type Fsync } from './durable-commits.ts';
import { BACKSTOP_PAGES, createWalCheckpoints } from './wal-checkpoints.ts';
import { createWritesAside } from './write-aside.ts';

export type SqlValue = SQLInputValue;

export type Database = {
  readonly file: string;
  /** A prepared statement for this SQL text, compiled once per connection. */
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE, so concurrent writers queue instead of
   * failing mid-way); nested calls become savepoints. `work` must be synchronous. Once commits
   * are grouped (`groupCommits`), a write is a savepoint of the turn's group unless `alone`.
   */
  transaction<T>(work: () => T, options?: { alone?: boolean }): T;
  /**
   * From now on, the writes of one turn of the event loop commit together (the server's
   * connection, once it serves): a commit writes each page they share once.
   */
  groupCommits(): void;
  /** Commits the open group now, for work that must run outside any transaction. */
  settle(): void;
  /** Called when an open group is lost (its COMMIT failed, or SQLite rolled it back). */
  onGroupLost(listener: () => void): void;
  /**
   * Runs `work`: a write through another connection to this file (a large file's import, in a
   * worker thread), which holds SQLite's write lock until it ends. This connection's open group
   * is committed first, and its writes wait meanwhile (`writable`): SQLite's busy wait would
   * hold this thread, and a write made now would fail. `signal` is aborted when this connection
   * closes or stopWritesAside is called: the other write must then stop (it rolls back).
   * (write-aside.ts)
   */
  writeAside<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /**
   * Undefined when this connection may write; else settles when the write aside ends (another
   * may have begun by then: ask again, as `whenWritable` does).
   */
  writable(): Promise<void> | undefined;
  /** Asks a write aside to stop, refuses new ones, and settles once none is under way. */
  stopWritesAside(): Promise<void>;
  /**
   * Settles once every transaction committed so far is on disk: at once for a connection
   * opened without `background`, whose COMMIT itself waits for the disk. Rejects if the disk
   * refused, or if the group a write was in was lost.
   */
  durable(): Promise<void>;
  /** How many statements have run on this connection (for the no-N+1 checks). */
  statementCount(): number;
  close(): void;
};

export type DatabaseOptions = {
  /**
   * The server's connection: commits are confirmed by an fsync off the main thread
   * (durable-commits.ts) and durable() says when. Without it COMMIT waits for the disk itself.
   */
  background?: { fsync?: Fsync | undefined } | undefined;
};

const BUSY_TIMEOUT_MS = 5000;

/** Bytes of WAL kept when it starts over (SQLite's own default keeps all it grew to). */
const JOURNAL_LIMIT = 16 * 1024 * 1024;

export function openDatabase(file: string, options: DatabaseOptions = {}): Database {
  const db = new DatabaseSync(file, {
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  // WAL lets readers (site builds) run while the editor writes. Every acknowledged write
  // survives a crash or a power cut, not only a process kill: synchronous=FULL syncs the WAL
  // at each COMMIT; in the background mode NORMAL plus durable-commits.ts's fsync does the same,
  // and wal-checkpoints.ts checkpoints on a thread of its own. A WAL grown by a large import
  // or a busy moment is cut back to JOURNAL_LIMIT when it starts over.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = ${options.background ? 'NORMAL' : 'FULL'};
    PRAGMA temp_store = MEMORY;
    PRAGMA cache_size = -16000;
    PRAGMA journal_size_limit = ${JOURNAL_LIMIT};
    ${options.background ? `PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES};` : ''}
  `);
  // Unicode-aware case folding for search (SQLite's lower() only folds ASCII).
  db.function('mq_fold', { deterministic: true }, (value) =>
    typeof value === 'string' ? foldText(value) : value,
  );

  const durableCommits = options.background
    ? createDurableCommits(`${file}-wal`, options.background.fsync)
    : undefined;
  const checkpoints = options.background
    ? createWalCheckpoints(file, {
        // Without the thread, SQLite checkpoints on this one again, as often as by default.
        failed: () => {
          if (db.isOpen) db.exec('PRAGMA wal_autocheckpoint = 1000');
        },
      })
    : undefined;
  /** A transaction has committed: confirm it on disk, and copy it back soon. */
  const committed = () => {
    durableCommits?.committed();
    checkpoints?.committed();
  };
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  let changesSeen = 0;
  const statements = new Map<string, StatementSync>();
  let depth = 0;
  let executed = 0;

  /**
   * SQLite rolls a whole transaction back on some errors (a full disk, an I/O error). A write
   * whose code caught such an error and carried on would run its next statements outside any
   * transaction, each landing alone: refuse them, so a failed write leaves nothing behind.
   */
  function assertTransactionOpen(): void {
    if (depth > 0 && !db.isTransaction)
      throw new Error('SQLite rolled this write back after an error; none of it was saved.');
  }

  function prepare(sql: string): StatementSync {
    assertTransactionOpen();
    executed += 1;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * The writes of this turn of the event loop: one transaction, a savepoint each, committed by
   * `settle` at the end of the turn (setImmediate). A commit writes every page it changed to
   * the WAL, and the writes of a turn share most of theirs (the tables' last pages, the
   * indexes' and the search index's): at 100k events a create's COMMIT was 60 % of its
   * transaction. A write's answer still waits for its group's commit and fsync (durable()).
   * Reads on this connection see the group's writes before they commit; if the COMMIT fails,
   * the group is lost as a whole, its writes are answered with the storage error, and the
   * change log drops what was kept from them (change-log.repo.ts).
   */
  let grouping = false;
  type Group = { committed: Promise<void>; resolve(): void; reject(error: Error): void };
  let group: Group | undefined;
  const groupLost = new Set<() => void>();

  function openGroup(): Group {
    db.exec('BEGIN IMMEDIATE');
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const committed = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Nobody may wait (a group of background work): a loss is still reported to listeners.
    committed.catch(() => undefined);
    group = { committed, resolve, reject };
    setImmediate(settle);
    return group;
  }

  function lose(lost: Group, error: unknown): void {
    if (group === lost) group = undefined;
    lost.reject(error instanceof Error ? error : new Error(String(error)));
    for (const listener of groupLost) listener();
  }

  function settle(): void {
    const open = group;
    if (!open) return;
    group = undefined;
    try {
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      lose(open, error);
      return;
    }
    changesSeen = Number(totalChanges.get()?.n);
    committed();
    open.resolve();
  }

  /** One write of the turn's group, in a savepoint of its own. */
  function grouped<T>(work: () => T): T {
    const open = group ?? openGroup();
    db.exec('SAVEPOINT write');
    depth += 1;
    try {
      const result = work();
      if (result instanceof Promise) throw new Error('transaction work must be synchronous');
      assertTransactionOpen();
      db.exec('RELEASE write');
      return result;
    } catch (error) {
      // Some errors (a full disk) make SQLite roll the whole transaction back: the group's
      // earlier writes with it.
      if (db.isTransaction) db.exec('ROLLBACK TO write; RELEASE write');
      else lose(open, error);
      throw error;
    } finally {
      depth -= 1;
    }
  }

  function durable(): Promise<void> {
    if (!durableCommits) return Promise.resolve();
    if (group) return group.committed.then(durable);
    // A statement that wrote outside transaction() committed on its own: count it too.
    const total = db.isOpen ? Number(totalChanges.get()?.n) : changesSeen;
    if (total !== changesSeen) {
      changesSeen = total;
      committed();
    }
    return durableCommits.durable();
  }

  const asides = createWritesAside({ settle, committed, isOpen: () => db.isOpen });

  function transaction<T>(work: () => T, options: { alone?: boolean } = {}): T {
    asides.assertNone(depth);
    if (depth === 0 && grouping && !options.alone) return grouped(work);
    if (depth === 0) settle();
    const outermost = depth === 0;
    const savepoint = `sp${depth}`;
    assertTransactionOpen();
    db.exec(outermost ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    depth += 1;
    try {
      const result = work();
      if (result instanceof Promise) throw new Error('transaction work must be synchronous');
      assertTransactionOpen();
      db.exec(outermost ? 'COMMIT' : `RELEASE ${savepoint}`);
      if (outermost && durableCommits) {
        changesSeen = Number(totalChanges.get()?.n);
        committed();
      }
      return result;
    } catch (error) {
      // COMMIT itself can fail (a deferred foreign key, a full disk) and leave the transaction
      // open: roll back whatever is still open, so nothing of it lands later. SQLite may have
      // rolled it all back already (a full disk does): then there is nothing to undo, and
      // trying would replace the error that says why with "no such savepoint".
      if (db.isTransaction)
        db.exec(outermost ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      throw error;
    } finally {
      depth -= 1;
    }
  }

  return {
    file,
    prepare,
    exec: (sql) => {
      assertTransactionOpen();
      db.exec(sql);
    },
    transaction,
    groupCommits() {
      grouping = true;
    },
    settle,
    onGroupLost(listener) {
      groupLost.add(listener);
    },
    writeAside: (work) => asides.run(work),
    writable: () => asides.writable(),
    stopWritesAside: () => asides.stop(),
    durable,
    statementCount: () => executed,
    close() {
      if (!db.isOpen) return;
      // A write aside stops (its transaction rolled back, unless it was committing).
      asides.abort();
      settle();
      try {
        // It may write, which a write aside still ending would make wait.
        if (!asides.writable()) db.exec('PRAGMA optimize');
      } catch {
        // Only an optimisation, which writes: a full disk or a read-only directory must not
        // keep the calendar open (and its directory locked).
      }
      durableCommits?.close();
      checkpoints?.close();
      db.close();
    },
  };
}
