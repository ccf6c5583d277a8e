/**
 * A repeat rule in words, in the UI language: "Every 2nd Tuesday until June 30, 2027". Built
 * from i18next keys (plurals for intervals and counts, ordinals for days of the month, a
 * grammatical gender for the words that agree with a weekday) and Intl for the days themselves,
 * rather than rrule's English-only toText.
 */
import type { TFunction } from 'i18next';
import type { DayFormats } from '../../hooks/use-date-format.ts';
import {
  WEEKDAYS,
  WORKDAYS,
  fieldsFor,
  weekdayOf,
  positionOf,
  type Position,
  type RepeatChoice,
  type RepeatForm,
  type WeekdayCode,
} from './repeat-rule.ts';

/**
 * "2nd", "last": the word agrees with the weekday where the language wants it (Portuguese
 * "2ª terça-feira" but "2º sábado"); `repeat.weekdayGenders` gives each weekday's gender, MO…SU.
 */
export function nthWord(t: TFunction, nth: Position, weekday: WeekdayCode): string {
  const gender = t('repeat.weekdayGenders').charAt(WEEKDAYS.indexOf(weekday));
  return t(`repeat.nth.${nth}`, { context: gender === 'f' ? 'f' : undefined });
}

/** What a choice of the Repeat list says, for an event starting on `date`. */
export function choiceLabel(
  choice: RepeatChoice,
  date: string,
  t: TFunction,
  days: DayFormats,
): string {
  const weekday = weekdayOf(date);
  switch (choice) {
    case 'weekly':
      return t('repeat.choice.weekly', { weekday: days.weekday(weekday) });
    case 'monthly':
    case 'monthlyLast': {
      const nth = nthWord(t, choice === 'monthly' ? positionOf(date) : '-1', weekday);
      return t('repeat.choice.monthly', { nth, weekday: days.weekday(weekday) });
    }
    case 'yearly':
      return t('repeat.choice.yearly', { date: days.monthDay(date) });
    default:
      return t(`repeat.choice.${choice}`);
  }
}

/** The rule's body in words: how often and on which days. */
function bodyText(fields: RepeatForm, date: string, t: TFunction, days: DayFormats): string {
  const count = Number(fields.interval);
  const many = Number.isInteger(count) && count > 1;
  switch (fields.freq) {
    case 'DAILY':
      return many ? t('repeat.text.everyDays', { count }) : t('repeat.text.everyDay');
    case 'WEEKLY': {
      const chosen = WEEKDAYS.filter((day) => fields.weekdays.includes(day));
      const weekdays = chosen.length > 0 ? chosen : [weekdayOf(date)];
      if (!many && weekdays.join() === WORKDAYS.join()) return t('repeat.text.weekdays');
      const list = days.list(weekdays.map((day) => days.weekday(day)));
      return many
        ? t('repeat.text.everyWeeks', { count, days: list })
        : t('repeat.text.everyWeek', { days: list });
    }
    case 'MONTHLY': {
      if (fields.monthlyBy === 'monthDay') {
        const day = t('repeat.dayOrdinal', { count: Number(fields.monthDay), ordinal: true });
        return many
          ? t('repeat.text.everyMonthsOnDay', { count, day })
          : t('repeat.text.everyMonthOnDay', { day });
      }
      const nth = nthWord(t, fields.nth, fields.nthWeekday);
      const weekday = days.weekday(fields.nthWeekday);
      return many
        ? t('repeat.text.everyMonthsOnNth', { count, nth, weekday })
        : t('repeat.text.everyMonthOnNth', { nth, weekday });
    }
    case 'YEARLY':
      return many
        ? t('repeat.text.everyYears', { count, date: days.monthDay(date) })
        : t('repeat.text.everyYear', { date: days.monthDay(date) });
  }
}

/** The whole rule in words ('' when the event does not repeat). */
export function ruleSentence(
  form: RepeatForm,
  date: string,
  t: TFunction,
  days: DayFormats,
): string {
  if (form.choice === 'none') return '';
  if (form.choice === 'other')
    return form.kept.rule
      ? t('repeat.text.rule', { rule: form.kept.rule })
      : t('repeat.text.datesOnly');
  const rule = bodyText(fieldsFor(form, date), date, t, days);
  const count = Number(form.count);
  if (form.ends === 'count' && Number.isInteger(count) && count > 0)
    return t('repeat.text.times', { rule, count });
  if (form.ends === 'until' && /^\d{4}-\d\d-\d\d$/.test(form.until))
    return t('repeat.text.until', { rule, date: days.date(form.until) });
  return rule;
}
