import { describe, expect, it } from 'vitest';
import {
  blankRepeat,
  chooseRepeat,
  positionOf,
  presetsFor,
  repeatProblem,
  ruleOf,
  sameRepeat,
  weekdayOf,
  type RepeatForm,
} from './repeat-rule.ts';
import { repeatFormOf } from './repeat-read.ts';

// Friday 11 December 2026: the 2nd Friday of its month.
const FRIDAY = '2026-12-11';
const timed = { date: FRIDAY, allDay: false, timezone: 'Europe/Berlin' };
const form = (choice: RepeatForm['choice'], fields: Partial<RepeatForm> = {}): RepeatForm => ({
  ...blankRepeat(FRIDAY),
  choice,
  ...fields,
});

describe('the start date', () => {
  it('gives the weekday and its place in the month (the fifth is the last)', () => {
    expect(weekdayOf(FRIDAY)).toBe('FR');
    expect(positionOf(FRIDAY)).toBe('2');
    expect(positionOf('2026-12-31')).toBe('-1');
  });

  it('offers "monthly on the last" beside the 4th when the 4th is also the last', () => {
    expect(presetsFor('2026-12-25')).toContain('monthlyLast'); // 4th and last Friday
    expect(presetsFor('2026-12-18')).not.toContain('monthlyLast'); // 3rd Friday
    expect(presetsFor(FRIDAY)).toEqual([
      'none',
      'daily',
      'weekly',
      'monthly',
      'yearly',
      'weekdays',
    ]);
  });
});

describe('ruleOf', () => {
  it('makes each preset from the start date', () => {
    expect(ruleOf(form('none'), FRIDAY)).toBe('');
    expect(ruleOf(form('daily'), FRIDAY)).toBe('FREQ=DAILY');
    expect(ruleOf(form('weekly'), FRIDAY)).toBe('FREQ=WEEKLY;BYDAY=FR');
    expect(ruleOf(form('monthly'), FRIDAY)).toBe('FREQ=MONTHLY;BYDAY=2FR');
    expect(ruleOf(form('monthlyLast'), '2026-12-25')).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(ruleOf(form('yearly'), FRIDAY)).toBe('FREQ=YEARLY');
    expect(ruleOf(form('weekdays'), FRIDAY)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  });

  it('follows the start date while a preset is chosen', () => {
    expect(ruleOf(form('weekly'), '2026-12-12')).toBe('FREQ=WEEKLY;BYDAY=SA');
  });

  it('spells out a custom rule, with its end', () => {
    const custom = form('custom', { interval: '2', weekdays: ['TH', 'MO'] });
    expect(ruleOf({ ...custom, ends: 'count', count: '10' }, FRIDAY)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10',
    );
    const monthly = form('custom', { freq: 'MONTHLY', monthlyBy: 'monthDay', monthDay: '15' });
    expect(ruleOf({ ...monthly, ends: 'until', until: '2027-06-30' }, FRIDAY)).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20270630',
    );
    expect(ruleOf(form('custom', { freq: 'MONTHLY', nth: '-1', nthWeekday: 'TU' }), FRIDAY)).toBe(
      'FREQ=MONTHLY;BYDAY=-1TU',
    );
  });

  it('keeps a weekly rule on the start weekday when no day is ticked', () => {
    expect(ruleOf(form('custom', { weekdays: [] }), FRIDAY)).toBe('FREQ=WEEKLY;BYDAY=FR');
  });
});

describe('repeatFormOf', () => {
  it('reads a rule back as the preset it is for that start', () => {
    expect(repeatFormOf('FREQ=WEEKLY;BYDAY=FR', timed).choice).toBe('weekly');
    expect(repeatFormOf('FREQ=MONTHLY;BYDAY=2FR', timed).choice).toBe('monthly');
    expect(repeatFormOf('RRULE:FREQ=DAILY', timed).choice).toBe('daily');
    expect(repeatFormOf('FREQ=YEARLY', timed).choice).toBe('yearly');
    expect(repeatFormOf('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', timed).choice).toBe('weekdays');
    expect(repeatFormOf('', timed).choice).toBe('none');
  });

  it('reads other rules as custom fields', () => {
    const read = repeatFormOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10', timed);
    expect(read).toMatchObject({
      choice: 'custom',
      freq: 'WEEKLY',
      interval: '2',
      weekdays: ['MO', 'TH'],
      ends: 'count',
      count: '10',
    });
    expect(repeatFormOf('FREQ=MONTHLY;BYDAY=-1TU', timed)).toMatchObject({
      choice: 'custom',
      monthlyBy: 'weekday',
      nth: '-1',
      nthWeekday: 'TU',
    });
    expect(repeatFormOf('FREQ=MONTHLY;BYMONTHDAY=15', timed)).toMatchObject({
      choice: 'custom',
      monthlyBy: 'monthDay',
      monthDay: '15',
    });
  });

  it('reads UNTIL as a date in the series zone, and gives it back as stored', () => {
    // 30 June 2027 ends at 23:59:59 in Berlin, 21:59:59 UTC (as the shared code stores it).
    const rule = 'FREQ=WEEKLY;BYDAY=FR;UNTIL=20270630T215959Z';
    const read = repeatFormOf(rule, timed);
    expect(read).toMatchObject({ choice: 'weekly', ends: 'until', until: '2027-06-30' });
    expect(ruleOf(read, FRIDAY)).toBe(rule);
    expect(ruleOf({ ...read, until: '2027-07-31' }, FRIDAY)).toBe(
      'FREQ=WEEKLY;BYDAY=FR;UNTIL=20270731',
    );
    const allDay = repeatFormOf('FREQ=DAILY;UNTIL=20270630', { ...timed, allDay: true });
    expect(allDay.until).toBe('2027-06-30');
  });

  it('keeps WKST, which the fields do not show', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=SU';
    expect(ruleOf(repeatFormOf(rule, timed), FRIDAY)).toBe(rule);
  });

  it('keeps a rule the control cannot show as it is', () => {
    for (const rule of [
      'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2',
      'FREQ=MONTHLY;BYMONTHDAY=1,15',
      'FREQ=DAILY;BYDAY=MO,WE',
    ]) {
      const read = repeatFormOf(rule, timed);
      expect(read.choice, rule).toBe('other');
      expect(ruleOf(read, FRIDAY)).toBe(rule);
    }
  });

  it('gives back what ruleOf made, for every preset', () => {
    for (const choice of presetsFor(FRIDAY)) {
      const rule = ruleOf(form(choice), FRIDAY);
      expect(repeatFormOf(rule, timed).choice, choice).toBe(choice);
    }
  });
});

describe('choosing', () => {
  it('starts a custom rule from the preset chosen before', () => {
    const custom = chooseRepeat(form('monthly'), 'custom', FRIDAY);
    expect(custom).toMatchObject({ freq: 'MONTHLY', monthlyBy: 'weekday', nth: '2' });
    expect(ruleOf(custom, FRIDAY)).toBe('FREQ=MONTHLY;BYDAY=2FR');
    expect(chooseRepeat(form('none'), 'custom', FRIDAY)).toMatchObject({
      freq: 'WEEKLY',
      weekdays: ['FR'],
    });
  });

  it('starts it from the start date as it is now, not as the editor opened', () => {
    // Opened on Friday the 11th, moved to Tuesday the 29th (its last Tuesday) before "Custom…".
    const custom = chooseRepeat(form('none'), 'custom', '2026-12-29');
    expect(custom).toMatchObject({ weekdays: ['TU'], monthDay: '29', nth: '-1', nthWeekday: 'TU' });
  });

  it('tells a changed rule from a moved start', () => {
    const weekly = form('weekly');
    expect(sameRepeat(weekly, { ...weekly }, FRIDAY)).toBe(true);
    expect(sameRepeat(weekly, chooseRepeat(weekly, 'custom', FRIDAY), FRIDAY)).toBe(true);
    expect(sameRepeat(weekly, form('daily'), FRIDAY)).toBe(false);
  });
});

describe('repeatProblem', () => {
  it('names the field at fault in the user’s words', () => {
    expect(repeatProblem(form('custom', { interval: '0' }), FRIDAY)).toMatchObject({
      key: 'repeat.problem.interval',
      field: 'repeat.interval',
    });
    expect(repeatProblem(form('weekly', { ends: 'count', count: '' }), FRIDAY)?.key).toBe(
      'repeat.problem.count',
    );
    expect(repeatProblem(form('weekly', { ends: 'until', until: '' }), FRIDAY)?.key).toBe(
      'repeat.problem.until',
    );
    expect(repeatProblem(form('weekly', { ends: 'until', until: '2026-12-01' }), FRIDAY)?.key).toBe(
      'repeat.problem.untilBeforeStart',
    );
    expect(repeatProblem(form('weekly', { ends: 'count', count: '5' }), FRIDAY)).toBeUndefined();
    expect(repeatProblem(form('none', { interval: 'x' }), FRIDAY)).toBeUndefined();
  });
});
