import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { programmeDays, programmeRange } from './programme.ts';

const event = (fields: Partial<CalendarEvent>) =>
  ({ recurrence: null, allDay: false, ...fields }) as CalendarEvent;

describe('a printed programme', () => {
  it('covers whole days of the calendar’s zone', () => {
    expect(programmeRange('2027-03-01', '2027-03-31', 'Europe/Berlin')).toEqual({
      startUtc: '2027-02-28 23:00:00',
      endUtc: '2027-03-31 22:00:00',
    });
  });

  it('lists events by the day they start in the calendar’s zone, all-day ones first', () => {
    const late = event({
      uuid: 'a',
      start: '2027-03-05 23:30:00',
      startUtc: '2027-03-05 22:30:00',
    });
    const fair = event({
      uuid: 'b',
      allDay: true,
      start: '2027-03-06 00:00:00',
      startUtc: '2027-03-05 23:00:00',
    });
    const morning = event({
      uuid: 'c',
      start: '2027-03-06 10:00:00',
      startUtc: '2027-03-06 09:00:00',
    });
    const series = event({
      uuid: 'd',
      recurrence: { rrule: 'FREQ=DAILY', rdates: [], exdates: [] },
    });
    const days = programmeDays(
      [morning, late, series, fair],
      '2027-03-01',
      '2027-03-31',
      'Europe/Berlin',
    );
    expect(days.map((day) => [day.date, day.events.map((one) => one.uuid)])).toEqual([
      ['2027-03-05', ['a']],
      ['2027-03-06', ['b', 'c']],
    ]);
  });
});
