/**
 * A WHERE clause built from optional filters, with its parameters in order. Lists are bound as
 * one JSON array (`IN (SELECT value FROM json_each(?))`) so each query's text, and thus its
 * cached prepared statement, does not depend on how many items a filter has.
 */
import type { SqlValue } from './database.ts';

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
