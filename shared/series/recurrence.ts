/**
 * A series' rule (RFC 5545 RRULE, RDATE, EXDATE) and its slots: the local start times it gives,
 * in the series' zone. Expansion is the `rrule` library's (a port of python-dateutil; ical.js's
 * iterator moves a yearly 29 February to 1 March), run on wall time, so DST never shifts an
 * occurrence: 19:00 stays 19:00 in summer and winter, and a slot in a spring-forward gap is
 * moved forward when it becomes UTC (as every event time is). Pure: server and replica both
 * expand with it.
 */
import { z } from 'zod';
import { DateTime } from 'luxon';
import { formatDateTime, DATE_TIME_FORMAT } from '../time/datetime.ts';
import { zoneNamed } from '../time/cached-zone.ts';
import { partsOf } from './rule-parts.ts';
import { reachProblem } from './rule-reach.ts';
import { RRule } from './rrule-library.ts';

// Whether a rule can be used is rule-problem.ts's; its callers have long found it here.
export { ruleProblem } from './rule-problem.ts';

/** A local date-time in the series' zone (`YYYY-MM-DD HH:MM:SS`), or a date (the series' time). */
const slotInput = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/,
    'must be YYYY-MM-DD or YYYY-MM-DD HH:MM:SS',
  );

export const recurrenceSchema = z.object({
  /** The RRULE value ("FREQ=WEEKLY;BYDAY=FR"); "" for a series of RDATEs only. */
  rrule: z.string().trim().max(1000),
  /** Extra occurrences (RDATE), local to the series' zone. */
  rdates: z.array(slotInput).max(1000),
  /** Removed occurrences (EXDATE), local to the series' zone. */
  exdates: z.array(slotInput).max(10_000),
});

export type Recurrence = z.infer<typeof recurrenceSchema>;

/** What a series needs to give its slots: its first start, zone and whether it is all day. */
export type SeriesTimes = {
  start: string;
  timezone: string;
  allDay: boolean;
  recurrence: Recurrence;
};

/** Local wall time as a Date whose UTC fields are that wall time (what rrule expands). */
export const floating = (local: string) => new Date(`${local.replace(' ', 'T')}Z`);
/** Such a Date back as local wall time. */
export const localOf = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** A slot as a full local date-time: a date alone takes the series' time of day. */
export function fullSlot(slot: string, seriesStart: string): string {
  const at = slot.length === 10 ? `${slot} ${seriesStart.slice(11)}` : slot;
  return at.length === 16 ? `${at}:00` : at;
}

/** UNTIL as local wall time in the series' zone (a date: the whole of that day). */
function untilLocal(until: string, timezone: string): string {
  const date = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
  if (until.length === 8) return `${date} 23:59:59`;
  const time = `${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}`;
  if (!until.endsWith('Z')) return `${date} ${time}`;
  return formatDateTime(
    DateTime.fromISO(`${date}T${time}Z`, { zone: 'utc' }).setZone(zoneNamed(timezone)),
  );
}

/**
 * The rule as stored and exported: upper case, no "RRULE:", and UNTIL as RFC 5545 wants it with
 * the series' start (a date for all-day series, else UTC), read in the series' zone.
 */
export function normalizeRule(rrule: string, timezone: string, allDay: boolean): string {
  const parts = partsOf(rrule);
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const local = untilLocal(until, timezone);
    parts.set(
      'UNTIL',
      allDay
        ? local.slice(0, 10).replaceAll('-', '')
        : DateTime.fromFormat(local, DATE_TIME_FORMAT, { zone: zoneNamed(timezone) })
            .toUTC()
            .toFormat("yyyyMMdd'T'HHmmss'Z'"),
    );
  }
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';');
}

/** Years the Gregorian calendar takes to repeat itself exactly (146,097 days, 20,871 weeks). */
const CYCLE_YEARS = 400;

/** A wall time moved by whole 400-year cycles: the same weekday, the same leap years. */
function shifted(local: string, years: number): string {
  if (years === 0) return local;
  return `${String(Number(local.slice(0, 4)) + years).padStart(4, '0')}${local.slice(4)}`;
}

/**
 * The cycles a rule is moved forward by so that `until` falls in the last cycle before the
 * year 9999, where the `rrule` library stops walking: past `until` it then walks at most one
 * cycle, however rarely the rule gives a date (it looks at a window's end only at a date).
 */
function shiftFor(until: string): number {
  return CYCLE_YEARS * Math.max(0, Math.floor((9999 - Number(until.slice(0, 4))) / CYCLE_YEARS));
}

/**
 * The series' RRULE for rrule, on wall time from its start (UNTIL read in its zone), shifted.
 * An UNTIL the shift takes past the year 9999 is left out: it ends the rule after the window
 * the shift was chosen for, which is all that is read.
 */
function ruleOf({ start, timezone, recurrence }: SeriesTimes, shift = 0) {
  if (recurrence.rrule.trim() === '') return undefined;
  const parts = partsOf(recurrence.rrule);
  const until = parts.get('UNTIL');
  parts.delete('UNTIL');
  const end = until === undefined ? undefined : shifted(untilLocal(until, timezone), shift);
  return new RRule({
    ...RRule.parseString([...parts].map(([name, value]) => `${name}=${value}`).join(';')),
    dtstart: floating(shifted(start, shift)),
    // A Date reads no year of five digits from an ISO string.
    ...(end && /^\d{4}-/.test(end) ? { until: floating(end) } : {}),
  });
}

/** The first slot the rule itself gives from the series' start on (which may not be one). */
export function firstRuleSlot(series: SeriesTimes): string | undefined {
  if (reachProblem(series.recurrence.rrule, series.start)) return undefined;
  const shift = shiftFor(series.start);
  const first = ruleOf(series, shift)?.after(floating(shifted(series.start, shift)), true);
  return first ? shifted(localOf(first), -shift) : undefined;
}

/**
 * The most dates a rule is walked through from its start to the end of a window: a daily rule
 * begun 50 years ago. Each costs the `rrule` library about 5 µs; a rule begun earlier is
 * refused rather than hold the thread.
 */
export const MAX_WALK = 20_000;

/** A rule that cannot be expanded in a moment: its parts never meet, or it began too long ago. */
export class RuleOutOfReach extends Error {}

/**
 * The series' slots from `from` (default: its start) up to `until` (local, inclusive), at most
 * `max` + 1 (so a caller can tell "more than max"), sorted. The start is always one (RFC 5545
 * §3.8.5.3), even when the rule would not give it; RDATEs add slots, EXDATEs remove them.
 * Throws RuleOutOfReach for a rule whose parts never meet (or leave decades between dates),
 * or that gives more than MAX_WALK dates before `until`.
 */
export function expandSlots(
  series: SeriesTimes,
  until: string,
  max: number,
  from: string = series.start,
): string[] {
  const { start, recurrence } = series;
  const slots = new Set([start, ...recurrence.rdates.map((rdate) => fullSlot(rdate, start))]);
  const problem = recurrence.rrule.trim() ? reachProblem(recurrence.rrule, start) : undefined;
  if (problem) throw new RuleOutOfReach(problem);
  // Never past the year 9999 for the start: a Date reads no five-digit year.
  const shift = Math.min(shiftFor(until), shiftFor(start));
  const rule = ruleOf(series, shift);
  if (rule) {
    const end = floating(shifted(until, shift));
    const first = shifted(from, shift);
    // EXDATEs may remove any number of them: read on until the horizon or enough are kept.
    const excluded = new Set(recurrence.exdates.map((exdate) => fullSlot(exdate, start)));
    let kept = 0;
    let walked = 0;
    rule.all((date) => {
      if (date > end) return false;
      walked += 1;
      if (walked > MAX_WALK)
        throw new RuleOutOfReach(
          `it gives more than ${MAX_WALK} dates before ${until.slice(0, 10)}: begin it later`,
        );
      const local = localOf(date);
      if (local < first) return true;
      const slot = shifted(local, -shift);
      slots.add(slot);
      if (!excluded.has(slot)) kept += 1;
      return kept <= max;
    });
  }
  for (const exdate of recurrence.exdates) slots.delete(fullSlot(exdate, start));
  return [...slots]
    .filter((slot) => slot >= from && slot <= until)
    .sort()
    .slice(0, max + 1);
}

/** An event's duration in wall time (what each occurrence keeps), in milliseconds. */
export function wallDuration(start: string, end: string): number {
  return floating(end).getTime() - floating(start).getTime();
}

/** A slot's end: the slot plus the series' wall duration. */
export function slotEnd(slot: string, duration: number): string {
  return localOf(new Date(floating(slot).getTime() + duration));
}

const sortedSlots = (slots: readonly string[], start: string) =>
  [...new Set(slots.map((slot) => fullSlot(slot, start)))].sort();

/** A rule as stored: normalized RRULE, full and sorted RDATEs and EXDATEs. */
export function normalizeRecurrence(
  recurrence: Recurrence,
  series: { start: string; timezone: string; allDay: boolean },
): Recurrence {
  return {
    rrule: recurrence.rrule ? normalizeRule(recurrence.rrule, series.timezone, series.allDay) : '',
    rdates: sortedSlots(recurrence.rdates, series.start),
    exdates: sortedSlots(recurrence.exdates, series.start),
  };
}

/**
 * A series cut in two at `slot` (one of its slots, not the first): the rule of the part before
 * (it ends the second before the slot) and of the part from the slot on (COUNT less the slots
 * before it). RDATEs and EXDATEs go to the part they fall in.
 */
export function splitRecurrence(
  series: SeriesTimes,
  slot: string,
): { before: Recurrence; from: Recurrence } {
  const { recurrence, start } = series;
  const parts = partsOf(recurrence.rrule);
  const count = parts.get('COUNT');
  const last = localOf(new Date(floating(slot).getTime() - 1000));
  const beforeParts = new Map(parts);
  beforeParts.delete('COUNT');
  if (recurrence.rrule !== '')
    beforeParts.set(
      'UNTIL',
      series.allDay
        ? last.slice(0, 10).replaceAll('-', '')
        : last.replaceAll('-', '').replaceAll(':', '').replace(' ', 'T'),
    );
  const fromParts = new Map(parts);
  if (count !== undefined) {
    const ruleOnly = {
      ...series,
      recurrence: { rrule: recurrence.rrule, rdates: [], exdates: [] },
    };
    const earlier = expandSlots(ruleOnly, last, Number(count)).length;
    fromParts.set('COUNT', String(Math.max(1, Number(count) - earlier)));
  }
  const join = (map: Map<string, string>) =>
    recurrence.rrule === '' ? '' : [...map].map(([name, value]) => `${name}=${value}`).join(';');
  const full = (list: readonly string[]) => list.map((item) => fullSlot(item, start));
  return {
    before: {
      rrule: normalizeRule(join(beforeParts), series.timezone, series.allDay),
      rdates: full(recurrence.rdates).filter((item) => item < slot),
      exdates: full(recurrence.exdates).filter((item) => item < slot),
    },
    from: {
      rrule: join(fromParts),
      rdates: full(recurrence.rdates).filter((item) => item > slot),
      exdates: full(recurrence.exdates).filter((item) => item > slot),
    },
  };
}
