import { describe, expect, it } from 'vitest';
import { timeZoneAbbreviation } from './timezone-abbr.ts';

describe('timeZoneAbbreviation (as PHP prints it)', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');
  it.each([
    ['Europe/Berlin', 'CET', 'CEST'],
    ['America/New_York', 'EST', 'EDT'],
    ['Australia/Darwin', 'ACST', 'ACST'],
    ['Asia/Tokyo', 'JST', 'JST'],
    ['Asia/Kolkata', 'IST', 'IST'],
    ['Europe/London', 'GMT', 'BST'],
    ['Europe/Sofia', 'EET', 'EEST'],
    ['America/Sao_Paulo', '-03', '-03'],
    ['UTC', 'UTC', 'UTC'],
  ])('%s: %s in winter, %s in summer', (zone, january, july) => {
    expect(timeZoneAbbreviation(zone, winter)).toBe(january);
    expect(timeZoneAbbreviation(zone, summer)).toBe(july);
  });

  it('changes at the minute the offset does, the half-hour zones too', () => {
    const at = (iso: string) => new Date(iso);
    // Berlin springs forward at 01:00 UTC; Adelaide falls back at 16:30 UTC (03:00 ACDT).
    expect(timeZoneAbbreviation('Europe/Berlin', at('2026-03-29T00:59:00Z'))).toBe('CET');
    expect(timeZoneAbbreviation('Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe('CEST');
    expect(timeZoneAbbreviation('Europe/Berlin', at('2026-03-29T00:59:30Z'))).toBe('CET');
    expect(timeZoneAbbreviation('Australia/Adelaide', at('2026-04-04T16:29:00Z'))).toBe('ACDT');
    expect(timeZoneAbbreviation('Australia/Adelaide', at('2026-04-04T16:30:00Z'))).toBe('ACST');
  });

  it('is the same all day on a day without a change, and follows the change on the day of one', () => {
    const day = (date: string) =>
      Array.from({ length: 24 }, (_, hour) =>
        timeZoneAbbreviation(
          'America/New_York',
          new Date(`${date}T${String(hour).padStart(2, '0')}:30:00Z`),
        ),
      );
    expect(new Set(day('2026-03-07'))).toEqual(new Set(['EST']));
    // New York springs forward at 07:00 UTC on 8 March 2026.
    expect(day('2026-03-08')).toEqual([
      ...Array<string>(7).fill('EST'),
      ...Array<string>(17).fill('EDT'),
    ]);
    expect(new Set(day('2026-03-09'))).toEqual(new Set(['EDT']));
  });
});
