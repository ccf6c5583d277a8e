import { describe, expect, it } from 'vitest';
import { postVersion, writtenVersion } from './tec-wire.ts';

const at = (utc: string) => Date.parse(`${utc}Z`);

describe('a TEC post’s version', () => {
  it('is its modified time (site time), once the answer came well after it', () => {
    expect(
      postVersion('2026-11-27T06:21:40', '2026-11-27T11:21:40', at('2026-11-27T11:21:51')),
    ).toBe('2026-11-27 06:21:40');
  });

  it('is unsure (marked) when the answer came in the same second or the next two: a change then keeps the same time', () => {
    for (const answered of ['2026-11-27T11:21:51', '2026-11-27T11:21:53'])
      expect(postVersion('2026-11-27T06:21:51', '2026-11-27T11:21:51', at(answered))).toBe(
        '2026-11-27 06:21:51~',
      );
  });

  it('is its modified time when the UTC time is unknown (a draft TEC never updated)', () => {
    expect(
      postVersion('2026-11-27 06:21:51', '0000-00-00 00:00:00', at('2026-11-27T11:21:51')),
    ).toBe('2026-11-27 06:21:51');
  });

  it('of a record just written is unsure', () => {
    expect(writtenVersion('2026-11-27 06:21:51')).toBe('2026-11-27 06:21:51~');
  });
});
