/**
 * The Repeat control's values and the RRULE they stand for. Presets follow the event's start
 * (weekly on its weekday, monthly on its nth weekday, yearly on its date), as desktop calendars
 * offer them; "custom" spells a rule out. A stored rule is read back in repeat-read.ts; one the
 * control cannot show is kept as it is until another is chosen.
 */
import { ruleProblem } from '#shared/series/recurrence.ts';

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

export const dayNumber = (date: string) => Number(date.slice(8, 10));
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
export function bodyOf(form: RepeatForm, date: string): string[] {
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

export type RepeatProblem = {
  key:
    | 'repeat.problem.interval'
    | 'repeat.problem.count'
    | 'repeat.problem.until'
    | 'repeat.problem.untilBeforeStart'
    | 'repeat.problem.none'
    | 'repeat.problem.twoOnOneDay'
    | 'repeat.problem.rule';
  /** The date that would have two events (`YYYY-MM-DD`), for `twoOnOneDay`. */
  date?: string;
  /** The input to put the focus in. */
  field: 'repeat.interval' | 'repeat.count' | 'repeat.until' | 'repeat.choice';
};

/**
 * What is wrong with the rule the form gives, in the user's words: the shared rule check's
 * English detail is never shown. A rule the fields cannot make (kept from an import) gets a
 * generic sentence. Occurrences are counted in repeat-check.ts.
 */
export function repeatProblem(form: RepeatForm, date: string): RepeatProblem | undefined {
  if (form.choice === 'none') return undefined;
  if (form.ends === 'until' && /^\d{4}-\d\d-\d\d$/.test(form.until) && form.until < date)
    return { key: 'repeat.problem.untilBeforeStart', field: 'repeat.until' };
  const problem = ruleProblem(ruleOf(form, date));
  if (!problem) return undefined;
  if (form.choice !== 'other') {
    if (problem.startsWith('INTERVAL'))
      return { key: 'repeat.problem.interval', field: 'repeat.interval' };
    if (problem.startsWith('COUNT')) return { key: 'repeat.problem.count', field: 'repeat.count' };
    if (problem.startsWith('UNTIL')) return { key: 'repeat.problem.until', field: 'repeat.until' };
  }
  return { key: 'repeat.problem.rule', field: 'repeat.choice' };
}

/**
 * Whether two forms give the same rule for one start date: what the user chose, not how it was
 * reached (a preset follows the start, and moving an occurrence is no change of its rule).
 */
export function sameRepeat(a: RepeatForm, b: RepeatForm, date: string): boolean {
  return ruleOf(a, date) === ruleOf(b, date);
}
