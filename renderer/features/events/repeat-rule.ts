/**
 * The Repeat control's values and the RRULE they stand for. Presets follow the event's start
 * (weekly on its weekday, monthly on its nth weekday, yearly on its date), as desktop calendars
 * offer them; "custom" spells a rule out. A stored rule is read back with the rrule library's
 * parser; one the control cannot show is kept as it is until another is chosen.
 */
import * as rruleModule from 'rrule';
import { ruleProblem } from '#shared/series/recurrence.ts';
import { toUtcString, utcToZone } from '#shared/time/datetime.ts';

// rrule ships CommonJS to Node (no named exports detected) and ES modules to Vite.
const { RRule, Weekday } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];
export const WORKDAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

export const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Freq = (typeof FREQS)[number];

/** Which week of the month: the 1st to the 5th, or the last (-1). */
export const POSITIONS = ['1', '2', '3', '4', '5', '-1'] as const;
export type Position = (typeof POSITIONS)[number];

export const PRESETS = [
  'none',
  'daily',
  'weekly',
  'monthly',
  'monthlyLast',
  'yearly',
  'weekdays',
] as const;
export type RepeatChoice = (typeof PRESETS)[number] | 'custom' | 'other';

export type RepeatForm = {
  choice: RepeatChoice;
  freq: Freq;
  /** As typed (the rule check says what is wrong with it). */
  interval: string;
  weekdays: WeekdayCode[];
  monthlyBy: 'monthDay' | 'weekday';
  monthDay: string;
  nth: Position;
  nthWeekday: WeekdayCode;
  ends: 'never' | 'until' | 'count';
  /** `YYYY-MM-DD`, the last day with an occurrence. */
  until: string;
  count: string;
  /** Kept without being shown: a rule the fields cannot show, WKST, UNTIL as stored. */
  kept: { rule: string; wkst: string; until: { date: string; value: string } | null };
};

const dayNumber = (date: string) => Number(date.slice(8, 10));
const daysInMonth = (date: string) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): WeekdayCode {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Which of its month's weekdays a date is (its fifth is always the last). */
export function positionOf(date: string): Position {
  const nth = Math.ceil(dayNumber(date) / 7);
  return nth === 5 ? '-1' : (String(nth) as Position);
}

/** Whether a date is its weekday's last in the month (a 4th can be the last too). */
const isLastOfMonth = (date: string) => dayNumber(date) + 7 > daysInMonth(date);

/** The presets offered for an event starting on `date`, in the order shown. */
export function presetsFor(date: string): RepeatChoice[] {
  const lastToo = positionOf(date) === '4' && isLastOfMonth(date);
  return PRESETS.filter((preset) => preset !== 'monthlyLast' || lastToo);
}

/** The custom fields a start date suggests: its weekday, its day and place in the month. */
const dateFields = (date: string) => ({
  weekdays: [weekdayOf(date)],
  monthDay: String(dayNumber(date)),
  nth: positionOf(date),
  nthWeekday: weekdayOf(date),
});

export function blankRepeat(date: string): RepeatForm {
  return {
    choice: 'none',
    freq: 'WEEKLY',
    interval: '1',
    monthlyBy: 'weekday',
    ...dateFields(date),
    ends: 'never',
    until: '',
    count: '10',
    kept: { rule: '', wkst: '', until: null },
  };
}

/** A preset as custom fields (what "Custom…" starts from). */
function presetFields(choice: RepeatChoice, date: string): Partial<RepeatForm> {
  const weekday = weekdayOf(date);
  const one = { interval: '1' };
  switch (choice) {
    case 'daily':
      return { ...one, freq: 'DAILY' };
    case 'weekly':
    case 'none':
      return { ...one, freq: 'WEEKLY', weekdays: [weekday] };
    case 'weekdays':
      return { ...one, freq: 'WEEKLY', weekdays: [...WORKDAYS] };
    case 'monthly':
    case 'monthlyLast': {
      const nth = choice === 'monthlyLast' ? '-1' : positionOf(date);
      return { ...one, freq: 'MONTHLY', monthlyBy: 'weekday', nth, nthWeekday: weekday };
    }
    case 'yearly':
      return { ...one, freq: 'YEARLY' };
    default:
      return {};
  }
}

/**
 * The form after a choice in the Repeat list; custom starts from what was chosen before, on the
 * start date as it is now.
 */
export function chooseRepeat(form: RepeatForm, choice: RepeatChoice, date: string): RepeatForm {
  if (choice === 'custom')
    return { ...form, ...dateFields(date), ...presetFields(form.choice, date), choice };
  return { ...form, choice };
}

/** The fields the rule is made of: a custom rule's own, or a preset's for the start date. */
export function fieldsFor(form: RepeatForm, date: string): RepeatForm {
  return form.choice === 'custom' ? form : { ...form, ...presetFields(form.choice, date) };
}

/** The rule's parts before its end (FREQ, INTERVAL, BYDAY or BYMONTHDAY, WKST). */
function bodyOf(form: RepeatForm, date: string): string[] {
  const fields = fieldsFor(form, date);
  const parts = [`FREQ=${fields.freq}`];
  if (fields.interval.trim() !== '1') parts.push(`INTERVAL=${fields.interval.trim()}`);
  if (fields.freq === 'WEEKLY') {
    const days = WEEKDAYS.filter((day) => fields.weekdays.includes(day));
    parts.push(`BYDAY=${(days.length > 0 ? days : [weekdayOf(date)]).join(',')}`);
  }
  if (fields.freq === 'MONTHLY')
    parts.push(
      fields.monthlyBy === 'weekday'
        ? `BYDAY=${fields.nth}${fields.nthWeekday}`
        : `BYMONTHDAY=${fields.monthDay}`,
    );
  if (form.kept.wkst) parts.push(`WKST=${form.kept.wkst}`);
  return parts;
}

/** The RRULE the form stands for ('' when it does not repeat). */
export function ruleOf(form: RepeatForm, date: string): string {
  if (form.choice === 'none') return '';
  if (form.choice === 'other') return form.kept.rule;
  const parts = bodyOf(form, date);
  if (form.ends === 'count') parts.push(`COUNT=${form.count.trim()}`);
  if (form.ends === 'until') {
    // UNTIL as stored while its date is unchanged: a series cut at 19:00 ends at 18:59:59.
    const kept = form.kept.until;
    parts.push(`UNTIL=${kept?.date === form.until ? kept.value : form.until.replaceAll('-', '')}`);
  }
  return parts.join(';');
}

type Parsed = ReturnType<typeof RRule.parseString>;
const listOf = <T>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

/** BYDAY as the parser gives it (Weekday objects, or numbers 0 = Monday). */
function weekdaysOf(options: Parsed): { code: WeekdayCode; n: number }[] {
  return listOf(options.byweekday).map((day) => {
    const weekday = typeof day === 'string' ? Weekday.fromStr(day) : day;
    return typeof weekday === 'number'
      ? { code: WEEKDAYS[weekday]!, n: 0 }
      : { code: WEEKDAYS[weekday.weekday]!, n: weekday.n ?? 0 };
  });
}

const SHOWN = new Set(['freq', 'interval', 'count', 'until', 'byweekday', 'bymonthday', 'wkst']);

/** The custom fields for a rule's body, or undefined when the control cannot show it. */
function fieldsOf(options: Parsed, date: string): Partial<RepeatForm> | undefined {
  if (Object.keys(options).some((key) => !SHOWN.has(key))) return undefined;
  const freq = RRule.FREQUENCIES[options.freq ?? -1] as Freq | undefined;
  if (!freq || !FREQS.includes(freq)) return undefined;
  const days = weekdaysOf(options);
  const monthDays = listOf(options.bymonthday);
  const interval = String(options.interval ?? 1);
  if (freq === 'DAILY' || freq === 'YEARLY')
    return days.length || monthDays.length ? undefined : { freq, interval };
  if (freq === 'WEEKLY') {
    if (monthDays.length || days.some((day) => day.n !== 0)) return undefined;
    const weekdays = days.length ? days.map((day) => day.code) : [weekdayOf(date)];
    return { freq, interval, weekdays };
  }
  if (days.length + monthDays.length > 1) return undefined;
  const [day] = days;
  if (day) {
    const nth = String(day.n) as Position;
    if (!POSITIONS.includes(nth)) return undefined;
    return { freq, interval, monthlyBy: 'weekday', nth, nthWeekday: day.code };
  }
  const monthDay = monthDays[0] ?? dayNumber(date);
  if (monthDay < 1) return undefined;
  return { freq, interval, monthlyBy: 'monthDay', monthDay: String(monthDay) };
}

/** UNTIL's date in the series' zone, and its value as stored (a date, or UTC). */
function untilOf(until: Date, series: { allDay: boolean; timezone: string }) {
  const iso = until.toISOString();
  const utc = toUtcString(until);
  return series.allDay
    ? { date: iso.slice(0, 10), value: iso.slice(0, 10).replaceAll('-', '') }
    : {
        date: utcToZone(utc, series.timezone).slice(0, 10),
        value: `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`,
      };
}

/**
 * The form for a stored rule, for an event starting on `start.date`: a preset when the rule is
 * one (for that date), else custom fields, else the rule kept as it is.
 */
export function repeatFormOf(
  rrule: string,
  start: { date: string; allDay: boolean; timezone: string },
): RepeatForm {
  const blank = blankRepeat(start.date);
  if (rrule.trim() === '') return blank;
  const other: RepeatForm = { ...blank, choice: 'other', kept: { ...blank.kept, rule: rrule } };
  let options: Parsed;
  try {
    if (ruleProblem(rrule)) return other;
    options = RRule.parseString(rrule.replace(/^RRULE:/i, ''));
  } catch {
    return other;
  }
  const fields = fieldsOf(options, start.date);
  if (!fields) return other;
  const until = options.until ? untilOf(options.until, start) : null;
  const [wkst] = weekdaysOf({ byweekday: options.wkst ?? null });
  const form: RepeatForm = {
    ...blank,
    ...fields,
    choice: 'custom',
    ends: options.count ? 'count' : until ? 'until' : 'never',
    count: options.count ? String(options.count) : blank.count,
    until: until?.date ?? '',
    kept: { rule: '', wkst: wkst?.code ?? '', until },
  };
  const body = bodyOf(form, start.date).join(';');
  const preset = presetsFor(start.date).find(
    (choice) => choice !== 'none' && bodyOf({ ...form, choice }, start.date).join(';') === body,
  );
  return preset ? { ...form, choice: preset } : form;
}

export type RepeatProblem = {
  key:
    | 'repeat.problem.interval'
    | 'repeat.problem.count'
    | 'repeat.problem.until'
    | 'repeat.problem.untilBeforeStart'
    | 'repeat.problem.rule';
  values?: { detail: string };
  /** The input to put the focus in. */
  field: 'repeat.interval' | 'repeat.count' | 'repeat.until' | 'repeat.choice';
};

/** What is wrong with the rule the form gives (the shared rule check, in the user's words). */
export function repeatProblem(form: RepeatForm, date: string): RepeatProblem | undefined {
  if (form.choice === 'none') return undefined;
  if (form.ends === 'until' && /^\d{4}-\d\d-\d\d$/.test(form.until) && form.until < date)
    return { key: 'repeat.problem.untilBeforeStart', field: 'repeat.until' };
  const problem = ruleProblem(ruleOf(form, date));
  if (!problem) return undefined;
  if (problem.startsWith('INTERVAL'))
    return { key: 'repeat.problem.interval', field: 'repeat.interval' };
  if (problem.startsWith('COUNT')) return { key: 'repeat.problem.count', field: 'repeat.count' };
  if (problem.startsWith('UNTIL')) return { key: 'repeat.problem.until', field: 'repeat.until' };
  return { key: 'repeat.problem.rule', values: { detail: problem }, field: 'repeat.choice' };
}

/**
 * Whether two forms give the same rule for one start date: what the user chose, not how it was
 * reached (a preset follows the start, and moving an occurrence is no change of its rule).
 */
export function sameRepeat(a: RepeatForm, b: RepeatForm, date: string): boolean {
  return ruleOf(a, date) === ruleOf(b, date);
}
