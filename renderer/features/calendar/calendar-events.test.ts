import { describe, expect, it } from 'vitest';
import { addDays, movedTimes, newEventTimes } from './calendar-events.ts';

describe('calendar gestures', () => {
  it('reads a selection of time as wall times in the calendar’s zone', () => {
    expect(
      newEventTimes({
        startStr: '2026-12-04T13:00:00+01:00',
        endStr: '2026-12-04T15:30:00+01:00',
        allDay: false,
      }),
    ).toEqual({ start: '2026-12-04 13:00:00', end: '2026-12-04 15:30:00', allDay: false });
  });

  it('turns a selection of days into whole days (FullCalendar’s end is exclusive)', () => {
    expect(newEventTimes({ startStr: '2026-12-30', endStr: '2027-01-02', allDay: true })).toEqual({
      start: '2026-12-30 00:00:00',
      end: '2027-01-01 23:59:59',
      allDay: true,
    });
  });

  it('suggests the evening for a click on a day, an hour for a click on a time', () => {
    expect(newEventTimes({ startStr: '2026-12-04', allDay: true, monthCell: true })).toMatchObject({
      start: '2026-12-04 19:00:00',
      end: '2026-12-04 21:00:00',
    });
    expect(newEventTimes({ startStr: '2026-12-04T23:30:00+01:00', allDay: false })).toMatchObject({
      start: '2026-12-04 23:30:00',
      end: '2026-12-05 00:30:00',
    });
  });

  it('moves a timed event to the new instant, in the event’s own zone', () => {
    const start = new Date('2026-12-04T19:00:00Z');
    const end = new Date('2026-12-04T21:00:00Z');
    expect(
      movedTimes(
        { timezone: 'America/New_York' },
        { start, end, startStr: '', endStr: '', allDay: false },
      ),
    ).toEqual({ start: '2026-12-04 14:00:00', end: '2026-12-04 16:00:00', allDay: false });
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});
