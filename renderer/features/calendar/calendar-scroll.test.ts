import { describe, expect, it } from 'vitest';
import { openingScrollTime } from './calendar-scroll.ts';

// A week in Berlin (UTC+1 in December): Monday 7 to Monday 14, as UTC bounds.
const week = { startUtc: '2026-12-06 23:00:00', endUtc: '2026-12-13 23:00:00' };
const zone = 'Europe/Berlin';
const timed = (startUtc: string) => ({ startUtc, allDay: false });

describe('where a week or day view opens', () => {
  it('opens an hour before now when today is shown', () => {
    expect(
      openingScrollTime(week, [timed('2026-12-08 06:00:00')], '2026-12-09 20:40:00', zone),
    ).toBe('20:00:00');
    expect(openingScrollTime(week, [], '2026-12-06 23:30:00', zone)).toBe('00:00:00');
  });

  it('opens an hour before the earliest timed event shown, in the calendar’s zone', () => {
    const events = [
      timed('2026-12-09 20:00:00'),
      timed('2026-12-11 18:30:00'),
      { startUtc: '2026-12-08 23:00:00', allDay: true },
      // Started the week before: the grid shows its end, not its start.
      timed('2026-12-05 10:00:00'),
    ];
    expect(openingScrollTime(week, events, '2027-01-20 12:00:00', zone)).toBe('18:00:00');
  });

  it('opens at 08:00 with no timed event shown', () => {
    const allDay = [{ startUtc: '2026-12-08 23:00:00', allDay: true }];
    expect(openingScrollTime(week, allDay, '2027-01-20 12:00:00', zone)).toBe('08:00:00');
  });
});
