import { describe, expect, it } from 'vitest';
import { LONG_EVENT_KEY, monthKeysForRange, monthKeysOf } from './event-months.ts';

describe('month keys', () => {
  it('lists every month an event touches, across a year end', () => {
    expect(monthKeysOf({ startUtc: '2026-11-30 20:00:00', endUtc: '2027-02-01 01:00:00' })).toEqual(
      ['2026-11', '2026-12', '2027-01', '2027-02'],
    );
    expect(monthKeysOf({ startUtc: '2026-12-01 20:00:00', endUtc: '2026-12-01 20:00:00' })).toEqual(
      ['2026-12'],
    );
  });

  it('gives very long events one shared key, which every range reads', () => {
    expect(monthKeysOf({ startUtc: '2020-01-01 00:00:00', endUtc: '2026-01-01 00:00:00' })).toEqual(
      [LONG_EVENT_KEY],
    );
    expect(monthKeysForRange('2026-11-29 23:00:00', '2027-01-10 23:00:00')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      LONG_EVENT_KEY,
    ]);
  });

  it('indexes nothing for a record without times', () => {
    expect(monthKeysOf({})).toEqual([]);
  });
});
