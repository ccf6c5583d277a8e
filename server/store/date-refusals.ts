/**
 * A date the store's triggers refused (migration 0013): SQLite's SQLITE_CONSTRAINT_TRIGGER with
 * the trigger's message, `<field> "<value>" is not a date and time on the calendar`. The write
 * command refuses such dates first; a refusal here is a door that let one through, and still the
 * caller's data, not a fault of the server (domain/errors.ts makes it a 400).
 */
import { NOT_A_DATE } from './migrations/0013-valid-dates.ts';

const SQLITE_CONSTRAINT_TRIGGER = 1811;
const REFUSAL = new RegExp(`^(\\w+) "(.*)" ${NOT_A_DATE}$`, 's');

/** The record field and the value the store refused, or undefined for any other error. */
export function refusedDateOf(error: unknown): { field: string; value: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errcode, message } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  if (code !== 'ERR_SQLITE_ERROR' || errcode !== SQLITE_CONSTRAINT_TRIGGER) return undefined;
  const parts = typeof message === 'string' ? REFUSAL.exec(message) : null;
  return parts ? { field: parts[1] ?? '', value: parts[2] ?? '' } : undefined;
}
