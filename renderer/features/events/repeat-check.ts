/**
 * Whether the series the form stands for can be one, checked before saving as the replica and
 * the server will check it: the rule itself (repeat-rule.ts), then its occurrences up to the
 * horizon (the shared expandSlots): none, two on one day, or a rule that cannot be expanded in
 * a moment (its parts never meet, or it began too long ago for how often it repeats). A rule
 * that did not change is not counted again. The replica's refusals, should one still come, are
 * worded the same way (problemOfError).
 */
import { dateTwice, HORIZON_YEARS, NoOccurrence, TwoOnOneDay } from '#shared/series/occurrences.ts';
import { seriesHorizon } from '#shared/series/horizon.ts';
import { expandSlots, MAX_WALK, RuleOutOfReach } from '#shared/series/recurrence.ts';
import { SeriesRuleError } from '../../data/repos/series-follow.ts';
import type { EventFormValues } from './event-form.ts';
import { repeatProblem, ruleOf, sameRepeat, type RepeatProblem } from './repeat-rule.ts';

/** What the check reads of the form. */
type RepeatValues = Pick<
  EventFormValues,
  'repeat' | 'repeatDates' | 'startDate' | 'startTime' | 'allDay' | 'timezone'
>;

/** The form as the editor opened it (undefined for a new event). */
export type RepeatBefore = Pick<EventFormValues, 'repeat' | 'startDate'> | undefined;

const isDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);

/** The field a problem of the whole rule is shown at: its end when it has one, else the list. */
function endField(values: RepeatValues): RepeatProblem['field'] {
  if (values.repeat.choice === 'other') return 'repeat.choice';
  if (values.repeat.ends === 'count') return 'repeat.count';
  if (values.repeat.ends === 'until') return 'repeat.until';
  return 'repeat.choice';
}

/**
 * The starts (local) of the occurrences a series of the form's values has up to the horizon,
 * as the replica and the server will make them. Throws RuleOutOfReach, or on a zone or date
 * still being typed.
 */
export function formSlots(
  values: RepeatValues,
  rrule: string,
  dates: RepeatValues['repeatDates'],
  now: Date,
): string[] {
  const start = `${values.startDate} ${values.allDay ? '00:00' : values.startTime}:00`;
  const series = { start, timezone: values.timezone, allDay: values.allDay };
  const until = seriesHorizon(now, series, HORIZON_YEARS);
  return expandSlots({ ...series, recurrence: { rrule, ...dates } }, until, MAX_WALK);
}

/**
 * The occurrences' problem, counted from the form's start up to the horizon, as saving would
 * send the rule: a new event without an older series' dates, a changed rule with them.
 */
export function occurrenceProblem(
  values: RepeatValues,
  before: RepeatBefore,
  now: Date,
): RepeatProblem | undefined {
  const rrule = ruleOf(values.repeat, values.startDate);
  if (!rrule || !isDate(values.startDate)) return undefined;
  if (before && sameRepeat(before.repeat, values.repeat, before.startDate)) return undefined;
  if (!values.allDay && !/^\d\d:\d\d$/.test(values.startTime)) return undefined;
  const dates = before ? values.repeatDates : { rdates: [], exdates: [] };
  let slots: string[];
  try {
    slots = formSlots(values, rrule, dates, now);
  } catch (error) {
    if (error instanceof RuleOutOfReach)
      return { key: 'repeat.problem.rule', field: endField(values) };
    return undefined; // A zone or date being typed: the form's other checks say so.
  }
  if (slots.length === 0) return { key: 'repeat.problem.none', field: endField(values) };
  const twice = dateTwice(slots);
  if (twice !== undefined)
    return { key: 'repeat.problem.twoOnOneDay', date: twice, field: 'repeat.choice' };
  return undefined;
}

/** Everything the Repeat control can find wrong before saving. */
export function seriesProblem(
  values: RepeatValues,
  before: RepeatBefore,
  now: Date,
): RepeatProblem | undefined {
  return repeatProblem(values.repeat, values.startDate) ?? occurrenceProblem(values, before, now);
}

/**
 * The problem a refused local edit of a series means (the replica's errors), or undefined for
 * any other error. With the form's values, a rule refusal names the field at fault.
 */
export function problemOfError(error: unknown, values?: RepeatValues): RepeatProblem | undefined {
  const field = values ? endField(values) : 'repeat.choice';
  if (error instanceof RuleOutOfReach) return { key: 'repeat.problem.rule', field };
  if (error instanceof NoOccurrence) return { key: 'repeat.problem.none', field };
  if (error instanceof TwoOnOneDay)
    return { key: 'repeat.problem.twoOnOneDay', date: error.date, field: 'repeat.choice' };
  if (error instanceof SeriesRuleError)
    return (
      (values && repeatProblem(values.repeat, values.startDate)) ?? {
        key: 'repeat.problem.rule',
        field: 'repeat.choice',
      }
    );
  return undefined;
}
