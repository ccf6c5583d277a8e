/**
 * Whether a series' RRULE can be used: the parts a series repeats by (days, weeks, months,
 * years; no times within a day, which would give two occurrences on one day), each list part's
 * items, and what the `rrule` library itself reads. recurrence.ts expands the rules it passes.
 */
import { partsOf } from './rule-parts.ts';
import { RRule } from './rrule-library.ts';

const FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
/** What rrule reads; times within a day (BYHOUR…) would give two occurrences on one day. */
const PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYSETPOS',
  'WKST',
]);

/** The list parts' items, and what they may be. */
const LISTS: [string, RegExp, string][] = [
  [
    'BYDAY',
    /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(MO|TU|WE|TH|FR|SA|SU)$/,
    'weekdays such as MO, 2TU or -1FR',
  ],
  ['BYMONTHDAY', /^-?([1-9]|[12]\d|3[01])$/, 'days of the month from 1 to 31 (or -1 to -31)'],
  ['BYMONTH', /^([1-9]|1[0-2])$/, 'months from 1 to 12'],
  [
    'BYSETPOS',
    /^-?([1-9]|[1-9]\d|[12]\d\d|3[0-5]\d|36[0-6])$/,
    'positions from 1 to 366 (or -1 to -366)',
  ],
  ['BYYEARDAY', /^-?([1-9]|[1-9]\d|[12]\d\d|3[0-5]\d|36[0-6])$/, 'days of the year from 1 to 366'],
  ['BYWEEKNO', /^-?([1-9]|[1-4]\d|5[0-3])$/, 'weeks from 1 to 53'],
  ['WKST', /^(MO|TU|WE|TH|FR|SA|SU)$/, 'a weekday such as MO'],
];

/** Why a rule cannot be used, or undefined when it can. */
export function ruleProblem(rrule: string): string | undefined {
  if (rrule.trim() === '') return undefined;
  const parts = partsOf(rrule);
  const unknown = [...parts.keys()].find((name) => !PARTS.has(name));
  if (unknown)
    return `${unknown} is not supported (a series repeats by days, weeks, months or years)`;
  if (!FREQUENCIES.has(parts.get('FREQ') ?? ''))
    return 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY';
  if (parts.has('COUNT') && parts.has('UNTIL')) return 'COUNT and UNTIL cannot go together';
  const until = parts.get('UNTIL');
  if (until !== undefined && !/^\d{8}(T\d{6}Z?)?$/.test(until))
    return 'UNTIL must be a date (20270630) or a date-time (20270630T235959Z)';
  for (const number of ['INTERVAL', 'COUNT'])
    if (parts.has(number) && !/^[1-9]\d{0,5}$/.test(parts.get(number)!))
      return `${number} must be a positive whole number`;
  for (const [name, pattern, example] of LISTS) {
    const value = parts.get(name);
    if (value !== undefined && !value.split(',').every((item) => pattern.test(item)))
      return `${name} must list ${example}`;
  }
  try {
    RRule.parseString(rrule.replace(/^RRULE:/i, ''));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}
