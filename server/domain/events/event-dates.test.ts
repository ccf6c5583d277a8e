/** List windows kept for the calendar's day: the same window all day, a new one the next. */
import { describe, expect, it } from 'vitest';
import { eventListQuerySchema } from '#shared/schemas/event.ts';
import { createListWindows, listWindow, tecDefaultBounds } from './event-dates.ts';

const query = (values: Record<string, string> = {}) => eventListQuerySchema.parse(values);
const ZONE = 'America/New_York';

describe('list windows', () => {
  it('keep the default window while neither the zone’s nor UTC’s date changes', () => {
    const windows = createListWindows();
    const morning = new Date('2026-11-24T05:30:00Z'); // 00:30 in New York
    const noon = new Date('2026-11-24T17:00:00Z'); // 12:00 the same day there
    const first = windows(query(), ZONE, morning);
    expect(first).toEqual(listWindow(query(), ZONE, morning));
    expect(first.utc.start_date).toBe('2026-11-23 05:00:00');
    expect(windows(query(), ZONE, noon)).toBe(first);
    // Past midnight UTC (still the 24th in New York) TEC's window moves on: a window of its own.
    const evening = new Date('2026-11-25T04:30:00Z');
    expect(windows(query(), ZONE, evening).utc.start_date).toBe('2026-11-24 05:00:00');
    // In another zone, a window of its own.
    expect(windows(query(), 'UTC', evening).utc.start_date).toBe('2026-11-24 00:00:00');
  });

  it('start and end where TEC 6.17.2’s do, which PHP reckons in UTC', () => {
    // Measured on the real site (America/New_York) at 01:00 UTC on 28 November 2026: the index's
    // default start_date was 2026-11-27 18:59:00, and the list's rest_url echoed
    // start_date=2026-11-27 00:00:00&end_date=2028-11-28 23:59:59.
    const now = new Date('2026-11-28T01:00:25Z');
    expect(tecDefaultBounds(now, ZONE).start.toFormat('yyyy-MM-dd HH:mm:ss')).toBe(
      '2026-11-27 18:59:00',
    );
    expect(listWindow(query(), ZONE, now).local).toEqual([
      ['start_date', '2026-11-27 00:00:00'],
      ['end_date', '2028-11-28 23:59:59'],
    ]);
    // East of UTC the window always starts on the zone's today.
    const berlin = listWindow(query(), 'Europe/Berlin', new Date('2026-11-20T10:00:00Z'));
    expect(berlin.local[0]).toEqual(['start_date', '2026-11-20 00:00:00']);
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
