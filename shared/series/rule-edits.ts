/**
 * Edits of a rule that follow an edit of its series: whether two rules say the same, and the
 * rule after its series moves to another date.
 */
import { floating } from './recurrence.ts';
import { partsOf } from './rule-parts.ts';

/** Whether two rules are the same, whatever the order of their parts. */
export function sameRule(a: string, b: string): boolean {
  const key = (rrule: string) =>
    [...partsOf(rrule)]
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join(';');
  return key(a) === key(b);
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const weekdayOf = (local: string) => WEEKDAYS[(floating(local).getUTCDay() + 6) % 7]!;

/**
 * The rule after its series moves from one date to another: its weekdays (MO,WE,FR dragged
 * from Monday to Tuesday is TU,TH,SA), or a monthly day of the month alone, follow the move (as
 * desktop calendars do when an occurrence is dragged with "all events"). Nth weekdays (2TU)
 * and lists of days of the month stay: no shift of days keeps their meaning.
 */
export function ruleMoved(rrule: string, from: string, to: string): string {
  if (from.slice(0, 10) === to.slice(0, 10) || rrule === '') return rrule;
  const parts = partsOf(rrule);
  const shift = WEEKDAYS.indexOf(weekdayOf(to)) - WEEKDAYS.indexOf(weekdayOf(from));
  const weekdays = parts.get('BYDAY')?.split(',');
  if (weekdays?.every((day) => WEEKDAYS.includes(day)))
    parts.set(
      'BYDAY',
      weekdays.map((day) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift + 7) % 7]).join(','),
    );
  if (parts.get('BYMONTHDAY') === String(Number(from.slice(8, 10))))
    parts.set('BYMONTHDAY', String(Number(to.slice(8, 10))));
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';');
}
