/**
 * A stored rule read back into the Repeat control's values, with the rrule library's parser:
 * a preset when the rule is one for the event's start, else the custom fields, else the rule
 * kept as it is (the control cannot show it, and does not change it unless told to).
 */
import * as rruleModule from 'rrule';
import { ruleProblem } from '#shared/series/recurrence.ts';
import { toUtcString, utcToZone } from '#shared/time/datetime.ts';
import {
  FREQS,
  POSITIONS,
  WEEKDAYS,
  blankRepeat,
  bodyOf,
  dayNumber,
  presetsFor,
  weekdayOf,
  type Freq,
  type Position,
  type RepeatForm,
  type WeekdayCode,
} from './repeat-rule.ts';

// rrule ships CommonJS to Node (no named exports detected) and ES modules to Vite.
const { RRule, Weekday } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;

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
