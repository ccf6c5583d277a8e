/**
 * Time and recurrence values checked as written, while scanning. ical.js reads `DTSTART:garbage`
 * or `20240230` without a word (it rolls Feb 30 over to March 1) or fails later with a message
 * about its own reading ("garb-ag-eT::"); checked here, each bad value is a problem on the line
 * of its property, naming the property and the value as the file has it.
 */

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/i;
/** RFC 5545 §3.3.6, also taking weeks with days (some exporters write P1W2D). */
const DURATION = /^[+-]?P(?=\d|T\d)(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/i;
const FREQUENCIES = new Set([
  ...['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY'],
  ...['WEEKLY', 'MONTHLY', 'YEARLY'],
]);

const LIKE_TIME = 'a date like 20240612 or a date-time like 20240612T170000 (…Z in UTC)';

const TIME_VALUES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID']);
const TIME_LISTS = new Set(['EXDATE', 'RDATE']);

/** The properties checked here: a VEVENT's problems with them are placed on their lines. */
export const CHECKED_PROPERTIES = new Set([...TIME_VALUES, ...TIME_LISTS, 'DURATION', 'RRULE']);

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year, month - 1, day); // Date.UTC reads years below 100 as 19xx
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with a DATE or DATE-TIME value, if anything. */
function timeProblem(value: string): string | undefined {
  const match = DATE_TIME.exec(value) ?? DATE.exec(value);
  if (!match) return `is not ${LIKE_TIME}`;
  const [year = 0, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  if (year < 1) return 'is before the year 1';
  if (!isCalendarDate(year, month ?? 0, day ?? 0)) return 'is not a date on the calendar';
  // A second of 60 is a leap second (RFC 5545 §3.3.5).
  if (hour > 23 || minute > 59 || second > 60) return 'is not a time of day';
  return undefined;
}

/** An RDATE PERIOD: `start/end` or `start/duration`, its times date-times. */
function periodProblem(value: string): string | undefined {
  const [start = '', end = '', ...more] = value.split('/');
  const isDateTime = (time: string) => DATE_TIME.test(time) && !timeProblem(time);
  const good = more.length === 0 && isDateTime(start) && (DURATION.test(end) || isDateTime(end));
  return good ? undefined : 'is not a period like 20240612T170000Z/PT1H';
}

/** The days from the year 1 to the end of 9999: no event lasts longer. */
const MAX_DURATION_DAYS = 3_652_059;

/** A duration in days (fractions for its time), its numbers read as far as they are safe. */
function durationDays(value: string): number {
  const [date = '', time = ''] = value.toUpperCase().split('T');
  const amount = (text: string, letter: string) =>
    Number(new RegExp(`(\\d+)${letter}`).exec(text)?.[1] ?? 0);
  return (
    amount(date, 'W') * 7 +
    amount(date, 'D') +
    amount(time, 'H') / 24 +
    amount(time, 'M') / 1440 +
    amount(time, 'S') / 86_400
  );
}

type ValueKind = 'date' | 'date-time' | 'period';
const kindOf = (item: string): ValueKind =>
  item.includes('/') ? 'period' : DATE.test(item) ? 'date' : 'date-time';

/**
 * A time property's values: each readable, and all of one kind, the one VALUE= names (ical.js
 * reads all values of a property as one type: a date among date-times becomes garbage).
 */
function timesProblem(name: string, params: string, value: string): string | undefined {
  const named = /;VALUE=([A-Z-]+)/i.exec(params)?.[1]?.toLowerCase();
  const items = TIME_LISTS.has(name) ? value.split(',').map((item) => item.trim()) : [value];
  const kind = named ?? kindOf(items[0] ?? '');
  for (const item of items) {
    const problem =
      kindOf(item) === 'period' && name === 'RDATE' ? periodProblem(item) : timeProblem(item);
    if (problem) return `${name} "${item}" ${problem}`;
    if (kindOf(item) !== kind) {
      const says = named ? `VALUE=${named.toUpperCase()} says` : 'the first value is';
      return `${name} "${item}" is a ${kindOf(item)} where ${says} a ${kind}: write all as one`;
    }
  }
  return undefined;
}

/**
 * The largest COUNT and INTERVAL read. A COUNT past 999,999 is more dates than the years 1 to
 * 9999 hold at one a day… of a calendar's use; an INTERVAL past 1,000 periods makes ical.js walk
 * for seconds per date (and one of 10^12 never ends).
 */
const MOST: Record<string, number> = { COUNT: 999_999, INTERVAL: 1000 };

/** A BY… list longer than this is no rule anyone wrote (each value is checked per date). */
const MAX_LIST = 400;

const SIGNED = (most: string) => new RegExp(`^[+-]?(${most})$`);
/** The BY… parts (RFC 5545 §3.3.10) and the values each may list. */
const BY_LISTS: [string, RegExp, string][] = [
  ['BYSECOND', /^([0-5]?\d|60)$/, 'seconds from 0 to 60'],
  ['BYMINUTE', /^[0-5]?\d$/, 'minutes from 0 to 59'],
  ['BYHOUR', /^(1?\d|2[0-3])$/, 'hours from 0 to 23'],
  [
    'BYDAY',
    /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(MO|TU|WE|TH|FR|SA|SU)$/i,
    'weekdays such as MO or 2TU',
  ],
  ['BYMONTHDAY', SIGNED('[1-9]|[12]\\d|3[01]'), 'days of the month from 1 to 31 (or -1 to -31)'],
  ['BYYEARDAY', SIGNED('[1-9]\\d?|[12]\\d\\d|3[0-5]\\d|36[0-6]'), 'days of the year from 1 to 366'],
  ['BYWEEKNO', SIGNED('[1-9]|[1-4]\\d|5[0-3]'), 'weeks from 1 to 53'],
  ['BYMONTH', /^([1-9]|1[0-2])$/, 'months from 1 to 12'],
  ['BYSETPOS', SIGNED('[1-9]\\d?|[12]\\d\\d|3[0-5]\\d|36[0-6]'), 'positions from 1 to 366'],
];

/** FREQ (required), UNTIL, COUNT, INTERVAL and the BY… lists, each value in its range. */
function ruleProblem(value: string): string | undefined {
  const parts = new Map<string, string>();
  // A trailing `;` is common and harmless.
  for (const part of value.split(';').filter(Boolean)) {
    const at = part.indexOf('=');
    if (at < 1) return `has "${part}" where a part like FREQ=WEEKLY belongs`;
    parts.set(part.slice(0, at).toUpperCase(), part.slice(at + 1));
  }
  const frequency = parts.get('FREQ');
  if (frequency === undefined) return 'has no FREQ (like FREQ=WEEKLY)';
  if (!FREQUENCIES.has(frequency.toUpperCase()))
    return `has FREQ=${frequency}, not one of ${[...FREQUENCIES].join(', ')}`;
  const until = parts.get('UNTIL');
  const untilProblem = until === undefined ? undefined : timeProblem(until);
  if (untilProblem) return `has UNTIL=${until}, which ${untilProblem}`;
  for (const name of ['COUNT', 'INTERVAL']) {
    const number = parts.get(name);
    if (number !== undefined && !/^[1-9]\d*$/.test(number))
      return `has ${name}=${number}: not a whole number of at least 1`;
    if (number !== undefined && Number(number) > MOST[name]!)
      return `has ${name}=${number}: past what a calendar can hold (at most ${MOST[name]})`;
  }
  for (const [name, pattern, what] of BY_LISTS) {
    const list = parts.get(name);
    if (list === undefined) continue;
    const items = list.split(',');
    if (items.length > MAX_LIST)
      return `has ${items.length} values in ${name}: at most ${MAX_LIST}`;
    const wrong = items.find((item) => !pattern.test(item.trim()));
    if (wrong !== undefined) return `has ${name}=${wrong}: ${name} lists ${what}`;
  }
  return undefined;
}

/** The parameters, and the value after the first `:` outside quotes. */
function partsOf(line: string, name: string): { params: string; value: string } | undefined {
  let quoted = false;
  for (let at = name.length; at < line.length; at += 1) {
    if (line[at] === '"') quoted = !quoted;
    else if (line[at] === ':' && !quoted)
      return { params: line.slice(name.length, at), value: line.slice(at + 1).trim() };
  }
  return undefined; // ical.js tells what is wrong with such a line
}

/** What is wrong with a VEVENT property's value, if anything (`name` upper-cased). */
export function valueProblem(name: string, line: string): string | undefined {
  if (!CHECKED_PROPERTIES.has(name)) return undefined;
  const parts = partsOf(line, name);
  if (!parts) return undefined;
  const { params, value } = parts;
  if (name === 'DURATION') {
    if (!DURATION.test(value)) return `DURATION "${value}" is not a duration like PT1H30M or P1D`;
    return durationDays(value) > MAX_DURATION_DAYS
      ? `DURATION "${value}" is longer than the years 1 to 9999 (past what a calendar can hold)`
      : undefined;
  }
  if (name === 'RRULE') {
    const problem = ruleProblem(value);
    return problem && `RRULE "${value}" ${problem}`;
  }
  return timesProblem(name, params, value);
}
