import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { zoneNamed } from './cached-zone.ts';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe', // changes by 30 minutes, at half past a UTC hour
  'Asia/Kathmandu', // +05:45, and a change from +05:30 in 1986
  'America/Sao_Paulo',
  'Europe/Amsterdam', // +00:19:32 until 1937: offsets in seconds
];

describe('zoneNamed', () => {
  it('gives the same offsets as Intl, minute by minute through transitions', () => {
    for (const name of ZONES) {
      const exact = IANAZone.create(name);
      const cached = zoneNamed(name);
      if (typeof cached === 'string') throw new Error(`${name} was not cached`);
      // Every 53 minutes (every minute of the hour in turn) over years that hold changes, old and new.
      for (const year of [1937, 1986, 2026]) {
        const from = Date.UTC(year, 0, 1);
        for (let ts = from; ts < from + 366 * 86_400_000; ts += 53 * 60_000)
          if (cached.offset(ts) !== exact.offset(ts))
            throw new Error(`${name} at ${new Date(ts).toISOString()}`);
      }
    }
    // About 2 s alone; several times that on a loaded 2-core machine.
  }, 30_000);

  it('is exact at the millisecond of a change and the one before', () => {
    // Berlin, 29 March 2026: 01:00 UTC is 03:00 CEST; a millisecond before is 01:59:59 CET.
    const berlin = zoneNamed('Europe/Berlin');
    if (typeof berlin === 'string') throw new Error('not cached');
    const change = Date.UTC(2026, 2, 29, 1);
    expect(berlin.offset(change - 1)).toBe(60);
    expect(berlin.offset(change)).toBe(120);
    // Lord Howe, 5 April 2026: 15:00 UTC is 02:00 +11 → 01:30 +10:30.
    const lordHowe = zoneNamed('Australia/Lord_Howe');
    if (typeof lordHowe === 'string') throw new Error('not cached');
    const back = Date.UTC(2026, 3, 4, 15);
    expect(lordHowe.offset(back - 1)).toBe(660);
    expect(lordHowe.offset(back)).toBe(630);
  });

  it('makes DateTimes equal to those of the plain zone, name and all', () => {
    const local = { year: 2026, month: 10, day: 25, hour: 2, minute: 30 };
    const plain = DateTime.fromObject(local, { zone: 'Europe/Berlin' });
    const cached = DateTime.fromObject(local, { zone: zoneNamed('Europe/Berlin') });
    expect(cached.toISO()).toBe(plain.toISO());
    expect(cached.zoneName).toBe('Europe/Berlin');
    expect(cached.toFormat('ZZZZ')).toBe(plain.toFormat('ZZZZ'));
    expect(cached.zone.equals(plain.zone)).toBe(true);
  });

  it('leaves names that are not IANA zones to Luxon', () => {
    expect(zoneNamed('UTC')).toBe('UTC');
    expect(zoneNamed('utc+2')).toBe('utc+2');
    expect(zoneNamed('Mars/Olympus')).toBe('Mars/Olympus');
    expect(DateTime.fromObject({ year: 2026 }, { zone: zoneNamed('Mars/Olympus') }).isValid).toBe(
      false,
    );
  });
});
