import { describe, expect, it } from 'vitest';
import { publicationDate } from './tec-post-body.ts';

describe('publicationDate', () => {
  it('reads `date` in the calendar zone and prefers `date_utc`', () => {
    expect(publicationDate({ date: '2026-07-01 12:00:00' }, 'Europe/Berlin')).toBe(
      '2026-07-01 10:00:00',
    );
    expect(
      publicationDate(
        { date: '2026-07-01 12:00:00', date_utc: '2026-07-01 12:00:00' },
        'Europe/Berlin',
      ),
    ).toBe('2026-07-01 12:00:00');
    expect(publicationDate({}, 'UTC')).toBeUndefined();
  });
});
