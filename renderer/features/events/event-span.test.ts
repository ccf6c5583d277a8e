import { describe, expect, it } from 'vitest';
import { becomesLongerThanADay, endKeepingLength } from './event-span.ts';

const evening = {
  allDay: false,
  startDate: '2026-12-06',
  startTime: '20:00',
  endDate: '2026-12-06',
  endTime: '22:30',
};

describe('an event’s length in the editor', () => {
  it('moves the end with the start', () => {
    expect(endKeepingLength(evening, { startDate: '2026-12-05', startTime: '20:00' })).toEqual({
      endDate: '2026-12-05',
      endTime: '22:30',
    });
    // Later in the evening: past midnight, the end moves to the next day.
    expect(endKeepingLength(evening, { startDate: '2026-12-06', startTime: '23:00' })).toEqual({
      endDate: '2026-12-07',
      endTime: '01:30',
    });
  });

  it('keeps the wall-clock length across a change of daylight saving time', () => {
    const night = { ...evening, startDate: '2027-03-27', endDate: '2027-03-27' };
    expect(endKeepingLength(night, { startDate: '2027-03-28', startTime: '20:00' })).toEqual({
      endDate: '2027-03-28',
      endTime: '22:30',
    });
  });

  it('moves an all-day event’s last day with its first', () => {
    const fair = { ...evening, allDay: true, endDate: '2026-12-08' };
    expect(endKeepingLength(fair, { startDate: '2026-12-10', startTime: '' })).toMatchObject({
      endDate: '2026-12-12',
    });
  });

  it('leaves the end alone when the start or the end cannot be read', () => {
    expect(endKeepingLength(evening, { startDate: '', startTime: '20:00' })).toBeUndefined();
    expect(
      endKeepingLength(
        { ...evening, endDate: '' },
        { startDate: '2026-12-05', startTime: '20:00' },
      ),
    ).toBeUndefined();
  });

  it('asks only when an event of a day at most would last longer', () => {
    const twoDays = { ...evening, startDate: '2026-12-05' };
    expect(becomesLongerThanADay(evening, twoDays)).toBe(true);
    expect(becomesLongerThanADay(twoDays, { ...twoDays, endTime: '23:00' })).toBe(false);
    expect(becomesLongerThanADay(evening, { ...evening, endTime: '23:30' })).toBe(false);
    const allDay = { ...evening, allDay: true };
    expect(becomesLongerThanADay(allDay, { ...allDay, endDate: '2026-12-07' })).toBe(true);
  });
});
