/**
 * SQL building blocks. A WHERE clause built from optional filters, with its parameters in
 * order. Lists are bound as one JSON array (`IN (SELECT value FROM json_each(?))`) so each
 * query's text, and thus its cached prepared statement, does not depend on how many items a
 * filter has. Multi-row inserts for bulk writes.
 */
import type { Database, SqlValue } from './database.ts';

export type Conditions = {
  add(sql: string, ...values: SqlValue[]): Conditions;
  readonly sql: string;
  readonly values: SqlValue[];
};

export function conditions(): Conditions {
  const parts: string[] = [];
  const values: SqlValue[] = [];
  const self: Conditions = {
    add(sql, ...more) {
      parts.push(`(${sql})`);
      values.push(...more);
      return self;
    },
    get sql() {
      return parts.length === 0 ? '' : `WHERE ${parts.join(' AND ')}`;
    },
    values,
  };
  return self;
}

/** Bind a list for `IN (SELECT value FROM json_each(?))`. */
export function jsonList(items: readonly (string | number)[]): string {
  return JSON.stringify(items);
}

/** A TEXT column's value ('' for NULL or a non-text value). */
export function textOf(value: SqlValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Rows per multi-row INSERT. Each statement run pays a fixed cost besides its rows (binding,
 * and a CHECK's `IN (…)` list built again per run), so bulk writes send rows in groups.
 */
const ROWS_PER_INSERT = 64;

/**
 * Inserts `rows` (each with one value per column of `into`, e.g. `"posts (id, uuid)"`) with
 * multi-row statements; the rows short of a full group go one at a time, so only two statement
 * texts exist per target.
 */
export function insertRows(db: Database, into: string, rows: readonly SqlValue[][]): void {
  const width = rows[0]?.length;
  if (width === undefined) return;
  const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  const grouped = db.prepare(
    `INSERT INTO ${into} VALUES ${Array.from({ length: ROWS_PER_INSERT }, () => tuple).join(', ')}`,
  );
  const full = rows.length - (rows.length % ROWS_PER_INSERT);
  for (let at = 0; at < full; at += ROWS_PER_INSERT)
    grouped.run(...rows.slice(at, at + ROWS_PER_INSERT).flat());
  const single = db.prepare(`INSERT INTO ${into} VALUES ${tuple}`);
  for (let at = full; at < rows.length; at += 1) single.run(...(rows[at] ?? []));
}
