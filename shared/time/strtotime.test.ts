import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateInput } from './datetime.ts';

/** "now" is Friday 2026-11-20 14:30:00 in each zone. */
function nowIn(zone: string): Date {
  return DateTime.fromObject(
    { year: 2026, month: 11, day: 20, hour: 14, minute: 30 },
    { zone },
  ).toJSDate();
}

const CASES: [string, string][] = [
  ['now', '2026-11-20 14:30:00'],
  ['today', '2026-11-20 00:00:00'],
  ['tomorrow', '2026-11-21 00:00:00'],
  ['tomorrow 9am', '2026-11-21 09:00:00'],
  ['yesterday 23:59', '2026-11-19 23:59:00'],
  ['next wednesday 4pm', '2026-11-25 16:00:00'],
  ['+1 week', '2026-11-27 14:30:00'],
  ['+10 days', '2026-11-30 14:30:00'],
  ['-2 hours', '2026-11-20 12:30:00'],
  ['+24 months', '2028-11-20 14:30:00'],
  ['1 December 2026', '2026-12-01 00:00:00'],
  ['December 1, 2026 8pm', '2026-12-01 20:00:00'],
  ['first day of next month', '2026-12-01 14:30:00'],
  ['last monday', '2026-11-16 00:00:00'],
];

describe.each(['Europe/Berlin', 'America/New_York', 'Australia/Darwin'])(
  'strtotime phrases in %s',
  (zone) => {
    it.each(CASES)('%s → %s', (text, expected) => {
      const parsed = parseDateInput(text, zone, nowIn(zone));
      expect(parsed && formatDateTime(parsed.setZone(zone))).toBe(expected);
    });

    it.each(['foo', '', '2026-13-45', '+3 weekdays'])('refuses %j', (text) => {
      expect(parseDateInput(text, zone, nowIn(zone))).toBeUndefined();
    });
  },
);

describe('strtotime edge cases', () => {
  it('moves a wall time inside a DST gap forward, as PHP does', () => {
    const now = DateTime.fromObject(
      { year: 2026, month: 3, day: 28, hour: 12 },
      { zone: 'Europe/Berlin' },
    ).toJSDate();
    const parsed = parseDateInput('tomorrow 2:30am', 'Europe/Berlin', now);
    expect(parsed && formatDateTime(parsed)).toBe('2026-03-29 03:30:00');
  });

  it('honours explicit offsets and @timestamps', () => {
    const parsed = parseDateInput('@1767225600', 'Europe/Berlin', nowIn('Europe/Berlin'));
    expect(parsed?.toUTC().toISO()).toBe('2026-01-01T00:00:00.000Z');
    const gmt = parseDateInput('2026-12-01 10:00 GMT+2', 'Europe/Berlin', nowIn('Europe/Berlin'));
    expect(gmt?.toUTC().toISO()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('reads no text longer than a date, however it is made', () => {
    // strtotime takes the square of a run of figures: these would hold the test past its timeout.
    for (const text of [
      '9'.repeat(100_000),
      `2027-03-14 ${'9'.repeat(100_000)}`,
      '1 '.repeat(50_000),
    ])
      expect(parseDateInput(text, 'Europe/Berlin', nowIn('Europe/Berlin'))).toBeUndefined();
  });

  it('leaves the global Date as it found it', () => {
    const before = globalThis.Date;
    parseDateInput('tomorrow', 'Asia/Tokyo', new Date());
    expect(globalThis.Date).toBe(before);
  });
});
