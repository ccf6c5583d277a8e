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
});
