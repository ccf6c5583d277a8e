/**
 * The SQLite connection (built-in node:sqlite): pragmas, a statement cache and transactions.
 * Only repos (files named *.repo.ts) and the store plumbing use it.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { foldText } from '#shared/text/fold.ts';

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
  /** How many statements have run on this connection (for the no-N+1 checks). */
  statementCount(): number;
  close(): void;
};

const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(file: string): Database {
  const db = new DatabaseSync(file, {
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  // WAL lets readers (site builds) run while the editor writes. synchronous=FULL makes every
  // acknowledged write survive a crash or a power cut, not only a process kill.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA temp_store = MEMORY;
    PRAGMA cache_size = -32000;
  `);
  // Unicode-aware case folding for search (SQLite's lower() only folds ASCII).
  db.function('mq_fold', { deterministic: true }, (value) =>
    typeof value === 'string' ? foldText(value) : value,
  );

  const statements = new Map<string, StatementSync>();
  let depth = 0;
  let executed = 0;

  function prepare(sql: string): StatementSync {
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
    db.exec(outermost ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    depth += 1;
    try {
      const result = work();
      if (result instanceof Promise) throw new Error('transaction work must be synchronous');
      db.exec(outermost ? 'COMMIT' : `RELEASE ${savepoint}`);
      return result;
    } catch (error) {
      // COMMIT itself can fail (a deferred foreign key, a busy disk) and leave the transaction
      // open: roll back whatever is still open, so nothing of it lands later.
      if (!outermost) db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      else if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    } finally {
      depth -= 1;
    }
  }

  return {
    file,
    prepare,
    exec: (sql) => db.exec(sql),
    transaction,
    statementCount: () => executed,
    close() {
      if (!db.isOpen) return;
      db.exec('PRAGMA optimize');
      db.close();
    },
  };
}
