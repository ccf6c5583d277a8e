/**
 * The SQLite connection (built-in node:sqlite): pragmas, a statement cache and transactions.
 * Only repos (files named *.repo.ts) and the store plumbing use it.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { foldText } from '#shared/text/fold.ts';
import { createCommitSync, type Fsync } from './commit-sync.ts';

export type SqlValue = SQLInputValue;

export type Database = {
  readonly file: string;
  /** A prepared statement for this SQL text, compiled once per connection. */
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE, so concurrent writers queue instead of
   * failing mid-way); nested calls become savepoints. `work` must be synchronous.
   */
  transaction<T>(work: () => T): T;
  /**
   * Settles once every transaction committed so far is on disk: at once for a connection
   * opened without `background`, whose COMMIT itself waits for the disk.
   */
  durable(): Promise<void>;
  /** How many statements have run on this connection (for the no-N+1 checks). */
  statementCount(): number;
  close(): void;
};

export type DatabaseOptions = {
  /**
   * The server's connection: commits are confirmed by an fsync off the main thread
   * (commit-sync.ts) and durable() says when. Without it COMMIT waits for the disk itself.
   */
  background?: { fsync?: Fsync | undefined } | undefined;
};

const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(file: string, options: DatabaseOptions = {}): Database {
  const db = new DatabaseSync(file, {
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  // WAL lets readers (site builds) run while the editor writes. Every acknowledged write
  // survives a crash or a power cut, not only a process kill: synchronous=FULL syncs the WAL
  // at each COMMIT; in the background mode NORMAL plus commit-sync.ts's fsync does the same.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = ${options.background ? 'NORMAL' : 'FULL'};
    PRAGMA temp_store = MEMORY;
    PRAGMA cache_size = -16000;
  `);
  // Unicode-aware case folding for search (SQLite's lower() only folds ASCII).
  db.function('mq_fold', { deterministic: true }, (value) =>
    typeof value === 'string' ? foldText(value) : value,
  );

  const commitSync = options.background
    ? createCommitSync(`${file}-wal`, options.background.fsync)
    : undefined;
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

  function transaction<T>(work: () => T): T {
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
      if (outermost && commitSync) {
        changesSeen = Number(totalChanges.get()?.n);
        commitSync.committed();
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
    durable() {
      if (!commitSync) return Promise.resolve();
      // A statement that wrote outside transaction() committed on its own: count it too.
      const total = db.isOpen ? Number(totalChanges.get()?.n) : changesSeen;
      if (total !== changesSeen) {
        changesSeen = total;
        commitSync.committed();
      }
      return commitSync.durable();
    },
    statementCount: () => executed,
    close() {
      if (!db.isOpen) return;
      try {
        db.exec('PRAGMA optimize');
      } catch {
        // Only an optimisation, which writes: a full disk or a read-only directory must not
        // keep the calendar open (and its directory locked).
      }
      commitSync?.close();
      db.close();
    },
  };
}
