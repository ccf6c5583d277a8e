/**
 * Whether a rule's BY… parts ever meet, found cheaply before anything expands it. The `rrule`
 * library (and ical.js) walk a rule period by period and only look at the end of a window when
 * a period gives a date: `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30` walks every day up to the year
 * 9999 (15 s of one thread), and ical.js never stops. So every door checks a rule's reach first:
 * the same filters as a yearly rule that keeps one date a year (BYSETPOS=1), walked over one
 * whole 400-year cycle of the Gregorian calendar (it repeats exactly after 146,097 days, weekdays
 * and leap years alike): at most 800 steps of a year each, a few milliseconds. A rule is refused
 * when it gives no date at all, or leaves more than MAX_GAP_YEARS years without one (a walk
 * through such a gap would again hold the thread). BYSETPOS is checked against the largest set a
 * period can have, since the probe cannot keep it.
 */
import * as rruleModule from 'rrule';
import { partsOf } from './rule-parts.ts';

// rrule ships CommonJS to Node (no named exports detected) and ES modules to Vite.
const { RRule, Weekday } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;

/**
 * The longest run of years a rule may leave without a date: 29 February on a given weekday
 * comes back every 28 years at most in this century (40 across a century that is no leap year).
 */
const MAX_GAP_YEARS = 40;

/** The most dates one period of the rule can hold, for BYSETPOS (a day holds one date). */
function largestSet(parts: Map<string, string>): number {
  const count = (name: string) => (parts.get(name) ?? '').split(',').filter(Boolean).length;
  const days = (parts.get('BYDAY') ?? '').split(',').filter(Boolean);
  switch (parts.get('FREQ')) {
    case 'DAILY':
      return 1;
    case 'WEEKLY':
      return Math.max(1, days.length);
    case 'MONTHLY':
      if (parts.has('BYMONTHDAY')) return count('BYMONTHDAY');
      return Math.max(
        1,
        days.reduce((sum, day) => sum + (/\d/.test(day) ? 1 : 5), 0),
      );
    default:
      return 366;
  }
}

/** The year the probe starts in: the start's place in the 400-year cycle, then 800 years on. */
function probeYear(year: number): number {
  return 9200 + (((year % 400) + 400) % 400);
}

/**
 * Why the rule never gives a date after `start` (`YYYY-MM-DD…`, its wall time) or leaves too
 * long a gap, or undefined when it recurs. Sub-daily rules are judged by their days (their
 * hours, minutes and seconds always meet within a day once their values are in range).
 */
export function reachProblem(rrule: string, start: string): string | undefined {
  const parts = partsOf(rrule);
  // A rule that filters by none of these gives a date every period of its frequency.
  if (!LIMITING.some((name) => parts.has(name)) && !/\d/.test(parts.get('BYDAY') ?? '')) return;
  const key = `${rrule}\u0000${Number(start.slice(0, 4)) % 400}${start.slice(4, 10)}`;
  if (known.has(key)) return known.get(key);
  const problem = probe(parts, start);
  if (known.size >= KNOWN_LIMIT) known.delete(known.keys().next().value!);
  known.set(key, problem);
  return problem;
}

/** Parts that may leave a period without a date. */
const LIMITING = ['BYMONTH', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYSETPOS'];

/** Answers kept per rule and place of its start in the cycle: series are expanded daily. */
const known = new Map<string, string | undefined>();
const KNOWN_LIMIT = 2000;

function probe(parts: Map<string, string>, start: string): string | undefined {
  const frequency = parts.get('FREQ') ?? '';
  const positions = parts.get('BYSETPOS');
  const hasTimes = parts.has('BYHOUR') || parts.has('BYMINUTE') || parts.has('BYSECOND');
  if (positions && !hasTimes && ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY'].includes(frequency)) {
    const largest = largestSet(parts);
    const fits = positions.split(',').some((item) => Math.abs(Number(item)) <= largest);
    if (!fits) return `BYSETPOS=${positions} asks for more dates than one period holds`;
  }
  const year = Number(start.slice(0, 4));
  const dtstart = new Date(
    `${String(probeYear(year)).padStart(4, '0')}-${start.slice(5, 10)}T00:00:00Z`,
  );
  let options;
  try {
    const source = [...parts]
      .filter(([name]) => !['COUNT', 'UNTIL', 'BYSETPOS', 'INTERVAL'].includes(name))
      .filter(([name]) => !['BYHOUR', 'BYMINUTE', 'BYSECOND'].includes(name))
      .map(([name, value]) => `${name}=${value}`)
      .join(';');
    // The rule as it reads for its own frequency, with its start's defaults filled in.
    options = new RRule({ ...RRule.parseString(source), dtstart }).options;
  } catch {
    return undefined; // the rule's own check names what is wrong with it
  }
  const byweekday = [
    ...(options.byweekday ?? []).map((day) => new Weekday(day)),
    ...(options.bynweekday ?? []).map(([day = 0, n]) => new Weekday(day, n)),
  ];
  // Every day of a period is a date of a daily or shorter rule that filters nothing by day.
  const dayFilters =
    options.bymonthday.length + options.bynmonthday.length + (options.byyearday?.length ?? 0);
  const anyDay =
    byweekday.length === 0 && dayFilters === 0 && !options.byweekno?.length
      ? [0, 1, 2, 3, 4, 5, 6].map((day) => new Weekday(day))
      : byweekday;
  // A monthly rule's "2TU" is the month's second Tuesday; a yearly one's only with BYMONTH.
  const months =
    options.bymonth?.length || frequency !== 'MONTHLY' || !options.bynweekday?.length
      ? options.bymonth
      : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const probe = new RRule({
    freq: RRule.YEARLY,
    dtstart: new Date(Date.UTC(dtstart.getUTCFullYear(), 0, 1)),
    bymonth: months,
    bymonthday: [...options.bymonthday, ...options.bynmonthday],
    byyearday: options.byyearday,
    byweekno: options.byweekno,
    byweekday: anyDay.length ? anyDay : null,
    byhour: 0,
    byminute: 0,
    bysecond: 0,
    bysetpos: 1,
  });
  let last = probe.options.dtstart.getUTCFullYear() - 1;
  let gap = 0;
  probe.all((date) => {
    gap = Math.max(gap, date.getUTCFullYear() - last - 1);
    last = date.getUTCFullYear();
    return true;
  });
  // The walk stops at the year 9999: what it did not reach counts as a gap only within the cycle.
  const end = probe.options.dtstart.getUTCFullYear() + 400;
  if (last < probe.options.dtstart.getUTCFullYear())
    return 'its parts never meet: it gives no date after its start';
  if (Math.min(end, 9999) - last > MAX_GAP_YEARS || gap > MAX_GAP_YEARS)
    return `it gives a date less often than once in ${MAX_GAP_YEARS} years`;
  return undefined;
}
