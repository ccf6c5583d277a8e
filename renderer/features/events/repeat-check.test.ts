import { describe, expect, it } from 'vitest';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { blankRecord } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { NoOccurrence, TwoOnOneDay } from '#shared/series/occurrences.ts';
import { RuleOutOfReach } from '#shared/series/recurrence.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import { SeriesRuleError } from '../../data/repos/series-follow.ts';
import { eventProblems, formValuesOf, type EventFormValues } from './event-form.ts';
import { occurrenceProblem, problemOfError, seriesProblem } from './repeat-check.ts';
import { chooseRepeat, repeatProblem, type RepeatForm } from './repeat-rule.ts';

const ZONE = 'Europe/Berlin';
const NOW = new Date('2026-11-23T12:00:00Z');

/** An event at 19:00–21:00 on `date`, with no rule. */
function event(date: string): CalendarEvent {
  const blank = blankRecord('event', crypto.randomUUID(), NOW, ZONE);
  return applyPatch('event', blank, {
    title: { en: 'Jazz Night' },
    start: `${date} 19:00:00`,
    end: `${date} 21:00:00`,
    timezone: ZONE,
  }) as unknown as CalendarEvent;
}

/** The form with another repeat choice (and fields of the control). */
function choosing(
  values: EventFormValues,
  choice: RepeatForm['choice'],
  fields: Partial<RepeatForm> = {},
): EventFormValues {
  return {
    ...values,
    repeat: { ...chooseRepeat(values.repeat, choice, values.startDate), ...fields },
  };
}

const weekly: Recurrence = { rrule: 'FREQ=WEEKLY;BYDAY=FR', rdates: [], exdates: [] };

describe('counting a new rule’s occurrences before saving', () => {
  it('takes "Daily, never" from an old start: a series keeps its newest 1,000 occurrences', () => {
    const values = choosing(formValuesOf(event('2025-11-01')), 'daily');
    expect(occurrenceProblem(values, undefined, NOW)).toBeUndefined();
    const counted = choosing(formValuesOf(event('2025-11-01')), 'daily', {
      ends: 'count',
      count: '1200',
    });
    expect(occurrenceProblem(counted, undefined, NOW)).toBeUndefined();
  });

  it('refuses a rule that cannot be expanded in a moment, at the end it has', () => {
    // Daily since 1950: more than 20,000 dates to walk before the horizon.
    const values = choosing(formValuesOf(event('1950-01-02')), 'daily', {
      ends: 'count',
      count: '99999',
    });
    expect(occurrenceProblem(values, undefined, NOW)).toEqual({
      key: 'repeat.problem.rule',
      field: 'repeat.count',
    });
  });

  it('does not count a rule that did not change (a series begun long ago keeps what it has)', () => {
    const opened = formValuesOf(event('1950-01-02'), { ...weekly, rrule: 'FREQ=DAILY' });
    const retitled = { ...opened, title: { en: 'Jazz Night!' } };
    expect(seriesProblem(retitled, opened, NOW)).toBeUndefined();
    expect(eventProblems(retitled, opened, NOW)).not.toHaveProperty('repeat');
    // Chosen anew from a series of another rule, it is counted.
    const series = formValuesOf(event('1950-01-06'), weekly);
    expect(seriesProblem(choosing(series, 'daily'), series, NOW)?.key).toBe('repeat.problem.rule');
  });

  it('finds two occurrences on one day: a kept extra date beside the new rule’s time', () => {
    const opened = formValuesOf(event('2026-12-11'), {
      ...weekly,
      rdates: ['2026-12-23 20:00:00'],
    });
    const daily = choosing(opened, 'daily', { ends: 'count', count: '30' });
    expect(occurrenceProblem(daily, opened, NOW)).toEqual({
      key: 'repeat.problem.twoOnOneDay',
      date: '2026-12-23',
      field: 'repeat.choice',
    });
    // A new event takes no dates of the series it was copied from.
    expect(occurrenceProblem(daily, undefined, NOW)).toBeUndefined();
  });

  it('finds a rule that gives no occurrence (its only date removed)', () => {
    const opened = formValuesOf(event('2026-12-11'), {
      ...weekly,
      exdates: ['2026-12-11 19:00:00'],
    });
    const once = choosing(opened, 'daily', { ends: 'count', count: '1' });
    expect(occurrenceProblem(once, opened, NOW)).toEqual({
      key: 'repeat.problem.none',
      field: 'repeat.count',
    });
  });

  it('stops the save and says nothing while the rule is only half typed', () => {
    const values = choosing(formValuesOf(event('1950-01-02')), 'daily');
    expect(eventProblems(values, undefined, NOW)).toHaveProperty('repeat');
    expect(occurrenceProblem({ ...values, startTime: '1' }, undefined, NOW)).toBeUndefined();
  });
});

describe('problems in the user’s words', () => {
  it('never carries the shared check’s English detail: a kept rule gets a generic sentence', () => {
    const kept = formValuesOf(event('2026-12-11'), { ...weekly, rrule: 'FREQ=DAILY;BYDAY=MO,WE' });
    expect(kept.repeat.choice).toBe('other');
    const broken = { ...kept.repeat, kept: { ...kept.repeat.kept, rule: 'FREQ=HOURLY' } };
    expect(repeatProblem(broken, '2026-12-11')).toEqual({
      key: 'repeat.problem.rule',
      field: 'repeat.choice',
    });
  });

  it('words the replica’s refusals as the control does, and leaves other errors alone', () => {
    const values = choosing(formValuesOf(event('2026-12-11')), 'daily', {
      ends: 'count',
      count: '5',
    });
    expect(problemOfError(new RuleOutOfReach('its parts never meet'), values)).toEqual({
      key: 'repeat.problem.rule',
      field: 'repeat.count',
    });
    expect(problemOfError(new NoOccurrence())).toEqual({
      key: 'repeat.problem.none',
      field: 'repeat.choice',
    });
    expect(problemOfError(new TwoOnOneDay('2026-12-23'))).toEqual({
      key: 'repeat.problem.twoOnOneDay',
      date: '2026-12-23',
      field: 'repeat.choice',
    });
    expect(problemOfError(new SeriesRuleError('FREQ must be DAILY…'), values)).toEqual({
      key: 'repeat.problem.rule',
      field: 'repeat.choice',
    });
    const zero = { ...values, repeat: { ...values.repeat, count: '0' } };
    expect(problemOfError(new SeriesRuleError('COUNT must be…'), zero)?.key).toBe(
      'repeat.problem.count',
    );
    expect(problemOfError(new Error('disk full'))).toBeUndefined();
  });
});
