/**
 * A patch's dates must name a moment on the calendar. A sync client or a backup could send 30
 * February, which Luxon cannot read: it was stored as "Invalid DateTime". TEC bodies and import
 * rows never bring one here: their dates are read as TEC reads them (30 February is 2 March,
 * event-dates.ts). The store refuses the same dates (migration 0013), whatever the door.
 */
import type { Patch } from '#shared/kinds/registry.ts';
import { fullSlot, type Recurrence } from '#shared/series/recurrence.ts';
import { isDateTime } from '#shared/time/datetime.ts';
import { invalidParams, notADate } from '../errors.ts';

/** Fields that hold one date and time: a post's publication date, an event's times and slot. */
const DATE_FIELDS = ['date', 'start', 'end', 'recurrenceId'];

/** 400 naming each field of the patch whose date is not on the calendar. */
export function checkPatchDates(patch: Patch): void {
  const problems: Record<string, string> = {};
  for (const field of DATE_FIELDS) {
    const value = patch[field];
    if (typeof value === 'string' && !isDateTime(value)) problems[field] = notADate(field, value);
  }
  const recurrence = patch.recurrence as Recurrence | null | undefined;
  // A slot may be a date alone (it takes the series' time): any time of day tells whether it is one.
  const slot = [...(recurrence?.rdates ?? []), ...(recurrence?.exdates ?? [])].find(
    (each) => !isDateTime(fullSlot(each, '2000-01-01 00:00:00')),
  );
  if (slot !== undefined) problems.recurrence = notADate('recurrence', slot);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
}
