/** List windows kept for the calendar's day: the same window all day, a new one the next. */
import { describe, expect, it } from 'vitest';
import { eventListQuerySchema } from '#shared/schemas/event.ts';
import { createListWindows, listWindow } from './event-dates.ts';

const query = (values: Record<string, string> = {}) => eventListQuerySchema.parse(values);
const ZONE = 'America/New_York';

describe('list windows', () => {
  it('keep the default window for the day in the calendar’s zone, then move on', () => {
    const windows = createListWindows();
    const morning = new Date('2026-11-24T05:30:00Z'); // 00:30 in New York
    const evening = new Date('2026-11-25T04:30:00Z'); // 23:30 the same day there
    const first = windows(query(), ZONE, morning);
    expect(first).toEqual(listWindow(query(), ZONE, morning));
    expect(first.utc.start_date).toBe('2026-11-23 05:00:00');
    expect(windows(query(), ZONE, evening)).toBe(first);
    // In another zone, and on the next day there, a window of its own.
    expect(windows(query(), 'UTC', evening).utc.start_date).toBe('2026-11-24 00:00:00');
    const nextDay = windows(query(), ZONE, new Date('2026-11-25T05:30:00Z'));
    expect(nextDay.utc.start_date).toBe('2026-11-24 05:00:00');
  });

  it('keep each set of bounds apart, and never a window relative to now', () => {
    const windows = createListWindows();
    const now = new Date('2026-11-24T12:00:00Z');
    const june = windows(query({ start_date: '2027-06-01' }), ZONE, now);
    expect(june.utc.start_date).toBe('2027-06-01 04:00:00');
    expect(windows(query({ start_date: '2027-07-01' }), ZONE, now).utc.start_date).toBe(
      '2027-07-01 04:00:00',
    );
    const relative = windows(query({ starts_after: 'now', strict_dates: 'true' }), ZONE, now);
    expect(relative.relativeToNow).toBe(true);
    const later = new Date('2026-11-24T13:00:00Z');
    expect(
      windows(query({ starts_after: 'now', strict_dates: 'true' }), ZONE, later).utc.starts_after,
    ).not.toBe(relative.utc.starts_after);
  });
});
