/**
 * Series slots: wall time across DST in three hemispheres' zones, leap days, the 31st of months,
 * the last Friday, RDATE/EXDATE, UNTIL in UTC, and the rules a series may not have.
 */
import { describe, expect, it } from 'vitest';
import { sameRule } from './rule-edits.ts';
import { eventTimesIn } from '../time/datetime.ts';
import {
  expandSlots,
  normalizeRule,
  ruleProblem,
  splitRecurrence,
  type SeriesTimes,
} from './recurrence.ts';

const series = (
  rrule: string,
  start: string,
  more: Partial<SeriesTimes> & { rdates?: string[]; exdates?: string[] } = {},
): SeriesTimes => ({
  start,
  timezone: more.timezone ?? 'UTC',
  allDay: more.allDay ?? false,
  recurrence: { rrule, rdates: more.rdates ?? [], exdates: more.exdates ?? [] },
});

const FAR = '2040-01-01 00:00:00';

describe('series slots', () => {
  it.each([
    ['Europe/Berlin', '2026-03-20 19:00:00', ['18:00', '18:00', '17:00', '17:00']],
    ['America/New_York', '2026-03-02 19:00:00', ['00:00', '23:00', '23:00', '23:00']],
    ['Australia/Sydney', '2026-03-23 19:00:00', ['08:00', '08:00', '09:00', '09:00']],
  ])('keep 19:00 local across DST in %s', (timezone, start, utcHours) => {
    const slots = expandSlots(series('FREQ=WEEKLY;COUNT=4', start, { timezone }), FAR, 100);
    expect(slots.every((slot) => slot.endsWith('19:00:00'))).toBe(true);
    const utc = slots.map((slot) =>
      eventTimesIn(slot, slot, timezone, false).startUtc.slice(11, 16),
    );
    expect(utc).toEqual(utcHours);
  });

  it('gives 29 February only in leap years', () => {
    expect(expandSlots(series('FREQ=YEARLY;COUNT=3', '2024-02-29 10:00:00'), FAR, 10)).toEqual([
      '2024-02-29 10:00:00',
      '2028-02-29 10:00:00',
      '2032-02-29 10:00:00',
    ]);
  });

  it('skips months without a 31st, and finds the last Friday and the 2nd Tuesday', () => {
    expect(
      expandSlots(series('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4', '2026-01-31 10:00:00'), FAR, 10),
    ).toEqual([
      '2026-01-31 10:00:00',
      '2026-03-31 10:00:00',
      '2026-05-31 10:00:00',
      '2026-07-31 10:00:00',
    ]);
    expect(
      expandSlots(series('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', '2026-11-27 19:00:00'), FAR, 10),
    ).toEqual(['2026-11-27 19:00:00', '2026-12-25 19:00:00', '2027-01-29 19:00:00']);
    expect(
      expandSlots(series('FREQ=MONTHLY;BYDAY=2TU;COUNT=2', '2026-12-08 18:00:00'), FAR, 10),
    ).toEqual(['2026-12-08 18:00:00', '2027-01-12 18:00:00']);
  });

  it('adds RDATEs, removes EXDATEs, and always starts with the start', () => {
    const slots = expandSlots(
      series('FREQ=WEEKLY;BYDAY=MO;COUNT=2', '2026-11-27 19:00:00', {
        rdates: ['2026-12-24'],
        exdates: ['2026-11-30 19:00:00'],
      }),
      FAR,
      10,
    );
    expect(slots).toEqual(['2026-11-27 19:00:00', '2026-12-07 19:00:00', '2026-12-24 19:00:00']);
  });

  it('stops at the horizon and tells when there are more than asked', () => {
    expect(
      expandSlots(series('FREQ=DAILY', '2026-01-01 09:00:00'), '2026-01-03 23:00:00', 10),
    ).toHaveLength(3);
    expect(expandSlots(series('FREQ=DAILY', '2026-01-01 09:00:00'), FAR, 5)).toHaveLength(6);
  });

  it('reads UNTIL in UTC, as a local time, or as a whole day', () => {
    const start = '2026-12-04 19:00:00';
    const berlin = { timezone: 'Europe/Berlin' };
    // 18:00Z on 11 December is 19:00 in Berlin: that Friday is the last.
    const utc = series('FREQ=WEEKLY;UNTIL=20261211T180000Z', start, berlin);
    expect(expandSlots(utc, FAR, 10)).toHaveLength(2);
    expect(expandSlots(series('FREQ=WEEKLY;UNTIL=20261211', start, berlin), FAR, 10)).toHaveLength(
      2,
    );
    expect(normalizeRule('freq=weekly;until=20261211', 'Europe/Berlin', false)).toBe(
      'FREQ=WEEKLY;UNTIL=20261211T225959Z',
    );
    expect(normalizeRule('FREQ=WEEKLY;UNTIL=20261211T180000Z', 'Europe/Berlin', true)).toBe(
      'FREQ=WEEKLY;UNTIL=20261211',
    );
  });

  it('cuts a series in two at a slot, COUNT shared between the parts', () => {
    const cut = splitRecurrence(
      series('FREQ=WEEKLY;COUNT=6', '2026-11-27 19:00:00', { exdates: ['2027-01-01'] }),
      '2026-12-18 19:00:00',
    );
    expect(cut.before).toEqual({
      rrule: 'FREQ=WEEKLY;UNTIL=20261218T185959Z',
      rdates: [],
      exdates: [],
    });
    expect(cut.from).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=3',
      rdates: [],
      exdates: ['2027-01-01 19:00:00'],
    });
  });

  it.each([
    ['FREQ=HOURLY', 'FREQ must be DAILY'],
    ['FREQ=WEEKLY;BYHOUR=9', 'BYHOUR is not supported'],
    ['FREQ=WEEKLY;BYDAY=FRI', 'BYDAY must list weekdays'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY must list days'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20270101', 'COUNT and UNTIL cannot go together'],
    ['FREQ=WEEKLY;UNTIL=tomorrow', 'UNTIL must be a date'],
  ])('refuses %s', (rule, problem) => {
    expect(ruleProblem(rule)).toContain(problem);
  });

  it('accepts the rules the editor and calendar apps write', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=TU,TH;INTERVAL=2',
      'FREQ=MONTHLY;BYDAY=1TU,3TU',
      'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;WKST=MO',
      'RRULE:FREQ=DAILY;UNTIL=20271231T235959Z',
    ])
      expect(ruleProblem(rule)).toBeUndefined();
  });

  it('compares rules whatever the order of their parts (an export may reorder them)', () => {
    expect(sameRule('FREQ=WEEKLY;BYDAY=FR;COUNT=5', 'FREQ=WEEKLY;COUNT=5;BYDAY=FR')).toBe(true);
    expect(sameRule('FREQ=WEEKLY;BYDAY=FR', 'FREQ=WEEKLY;BYDAY=SA')).toBe(false);
  });
});
