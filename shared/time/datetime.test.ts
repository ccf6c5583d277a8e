import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  dateDetails,
  formatDateTime,
  isValidTimeZone,
  parseDateInput,
  toUtcString,
  utcToZone,
} from './datetime.ts';

describe('date-time helpers', () => {
  it('reads plain dates in the given zone', () => {
    const parsed = parseDateInput('2026-03-29 02:30', 'UTC');
    expect(parsed && formatDateTime(parsed)).toBe('2026-03-29 02:30:00');
    const berlin = parseDateInput('2026-07-01 20:00:00', 'Europe/Berlin');
    expect(berlin && formatDateTime(berlin.setZone('UTC'))).toBe('2026-07-01 18:00:00');
  });

  it('reads Unix timestamps and ISO strings with offsets', () => {
    const fromTimestamp = parseDateInput('1767225600', 'UTC');
    expect(fromTimestamp && formatDateTime(fromTimestamp)).toBe('2026-01-01 00:00:00');
    const iso = parseDateInput('2026-01-01T10:00:00+02:00', 'UTC');
    expect(iso && formatDateTime(iso)).toBe('2026-01-01 08:00:00');
  });

  it('reads plain dates exactly as the Luxon formats do, in DST gaps and overlaps too', () => {
    const formats = ['yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd'];
    const inputs = [
      '2026-03-29 02:30:00', // the Berlin gap
      '2026-10-25 02:30', // the Berlin overlap
      '2026-11-01 01:30:00', // the New York overlap
      '2026-03-08 02:15', // the New York gap
      '2024-02-29',
      '2026-12-31 23:59:59',
      '0999-01-01 00:00:00',
    ];
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'UTC'])
      for (const input of inputs) {
        const luxon = formats
          .map((format) => DateTime.fromFormat(input, format, { zone }))
          .find((parsed) => parsed.isValid);
        expect(parseDateInput(input, zone)?.toISO(), `${input} in ${zone}`).toBe(luxon?.toISO());
        expect(formatDateTime(luxon as DateTime)).toBe(
          (luxon as DateTime).toFormat('yyyy-MM-dd HH:mm:ss'),
        );
      }
  });

  it('refuses what it cannot read', () => {
    expect(parseDateInput('foo', 'UTC')).toBeUndefined();
    expect(parseDateInput('2026-13-45', 'UTC')).toBeUndefined();
  });

  it('shows UTC in a zone across daylight saving time', () => {
    expect(utcToZone('2026-03-29 00:30:00', 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
    expect(utcToZone('2026-03-29 01:30:00', 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
  });

  it('formats dates and their TEC details', () => {
    expect(toUtcString(new Date('2026-11-21T09:05:03Z'))).toBe('2026-11-21 09:05:03');
    expect(dateDetails('2017-01-05 14:23:36')).toEqual({
      year: '2017',
      month: '01',
      day: '05',
      hour: '14',
      minutes: '23',
      seconds: '36',
    });
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
