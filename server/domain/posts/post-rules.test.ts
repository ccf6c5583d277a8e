import { describe, expect, it } from 'vitest';
import { publicationDate, scaleStatus, scheduledStatus } from './post-rules.ts';

describe('scaleStatus (TEC scale-back)', () => {
  const author = { id: 3, name: 'a', role: 'author' as const };
  const contributor = { id: 4, name: 'c', role: 'contributor' as const };

  it('gives publishers what they ask for, publish by default', () => {
    expect(scaleStatus(author, undefined)).toBe('publish');
    expect(scaleStatus(author, 'draft')).toBe('draft');
    expect(scaleStatus(author, 'future')).toBe('future');
  });

  it('sends contributors to review', () => {
    expect(scaleStatus(contributor, undefined)).toBe('draft');
    expect(scaleStatus(contributor, 'publish')).toBe('pending');
    expect(scaleStatus(contributor, 'future')).toBe('pending');
    expect(scaleStatus(contributor, 'private')).toBe('pending');
    expect(scaleStatus(contributor, 'draft')).toBe('draft');
  });
});

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

describe('scheduledStatus (wp_insert_post)', () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('schedules what would be published a minute or more ahead', () => {
    expect(scheduledStatus('publish', '2026-11-20 10:01:00', now)).toBe('future');
    expect(scheduledStatus('publish', '2026-11-20 10:00:59', now)).toBe('publish');
    expect(scheduledStatus('future', '2026-12-24 00:00:00', now)).toBe('future');
  });

  it('publishes a future post whose date has come, and leaves other statuses', () => {
    expect(scheduledStatus('future', '2026-11-20 10:00:00', now)).toBe('publish');
    expect(scheduledStatus('future', '2025-01-01 00:00:00', now)).toBe('publish');
    for (const status of ['draft', 'pending', 'private', 'trash'] as const)
      expect(scheduledStatus(status, '2030-01-01 00:00:00', now)).toBe(status);
  });
});
