import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  isDateTime,
  dateDetails,
  eventTimesIn,
  parseDateText,
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

  it('reads plain dates as the Luxon formats do, in DST gaps and overlaps too', () => {
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
        // The same wall time; which of an overlap's two instants is PHP's (below).
        expect(
          parseDateInput(input, zone)?.toFormat('yyyy-MM-dd HH:mm:ss'),
          `${input} in ${zone}`,
        ).toBe(luxon?.toFormat('yyyy-MM-dd HH:mm:ss'));
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

  it('shows UTC in a zone as Intl does, minute by minute across the days of a change', () => {
    const intl = (utc: string, zone: string) =>
      DateTime.fromFormat(utc, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' })
        .setZone(zone)
        .toFormat('yyyy-MM-dd HH:mm:ss');
    const cases: [string, string][] = [
      // The day Berlin springs forward, and Adelaide's half-hour fall back.
      ['Europe/Berlin', '2026-03-29'],
      ['Australia/Adelaide', '2026-04-04'],
      ['America/New_York', '2026-11-01'],
      // Lord Howe moves by half an hour; Berlin's local mean time had seconds (+0:53:28).
      ['Australia/Lord_Howe', '2026-04-04'],
      ['Europe/Berlin', '1893-03-31'],
      ['Asia/Kolkata', '2026-06-01'],
    ];
    for (const [zone, date] of cases)
      for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
        const at = DateTime.fromISO(`${date}T00:00:00Z`, { zone: 'UTC' }).plus({
          minutes: minute - 24 * 60,
          seconds: minute % 60,
        });
        const utc = at.toFormat('yyyy-MM-dd HH:mm:ss');
        expect(utcToZone(utc, zone), `${utc} in ${zone}`).toBe(intl(utc, zone));
      }
    expect(utcToZone('2026-07-01 12:00:00', '+05:30')).toBe('2026-07-01 17:30:00');
    expect(utcToZone('2026-07-01 12:00:00', 'UTC-3')).toBe('2026-07-01 09:00:00');
    expect(utcToZone('0099-07-01 12:00:00', 'Europe/Paris')).toBe(
      intl('0099-07-01 12:00:00', 'Europe/Paris'),
    );
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

  it('isDateTime: a stored date and time names a day on the calendar and a time of day', () => {
    for (const valid of [
      '2027-02-28 23:59:59',
      '2028-02-29 00:00:00',
      '2000-02-29 12:00:00',
      '2027-04-30 10:00:00',
      '0001-01-01 00:00:00',
      '9999-12-31 23:59:59',
    ])
      expect(isDateTime(valid), valid).toBe(true);
    for (const invalid of [
      '2027-02-29 10:00:00',
      '1900-02-29 10:00:00',
      '2027-02-30 20:00:00',
      '2027-04-31 10:00:00',
      '2027-13-01 10:00:00',
      '2027-00-10 10:00:00',
      '2027-01-00 10:00:00',
      '2027-01-01 24:00:00',
      '2027-01-01 23:60:00',
      '2027-01-01 23:59:60',
      'Invalid DateTime',
      '2027-01-01',
      '2027-01-01 10:00',
      '2027-01-01T10:00:00',
      ' 2027-01-01 10:00:00',
      '12027-01-01 10:00:00',
    ])
      expect(isDateTime(invalid), invalid).toBe(false);
  });
});

describe('the hour shown twice', () => {
  // PHP's answers (DateTime in the zone, then UTC), measured 2026-11-28 with PHP 8 and tzdata 2025.
  it.each([
    ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01 05:30:00'],
    ['2026-11-01 01:30:00', 'America/Los_Angeles', '2026-11-01 08:30:00'],
    ['2026-04-04 23:30:00', 'America/Santiago', '2026-04-05 02:30:00'],
    ['2026-10-25 01:30:00', 'Europe/London', '2026-10-25 01:30:00'],
    ['2026-10-25 02:30:00', 'Europe/Berlin', '2026-10-25 01:30:00'],
    ['2026-10-25 03:30:00', 'Europe/Helsinki', '2026-10-25 01:30:00'],
    ['2026-04-05 02:30:00', 'Australia/Sydney', '2026-04-04 16:30:00'],
    ['2026-04-05 01:45:00', 'Australia/Lord_Howe', '2026-04-04 15:15:00'],
    // The hour skipped moves forward.
    ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08 07:30:00'],
    ['2026-03-29 02:30:00', 'Europe/Berlin', '2026-03-29 01:30:00'],
  ])('%s in %s is %s UTC, as PHP reads it', (wall, zone, utc) => {
    expect(eventTimesIn(wall, wall, zone, false).startUtc).toBe(utc);
    expect(formatDateTime(parseDateText(wall, zone)!.setZone('UTC'))).toBe(utc);
    expect(formatDateTime(parseDateText(wall.replace(' ', 'T'), zone)!.setZone('UTC'))).toBe(utc);
  });
});
