import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../schemas/event.ts';
import { applyPatch } from './apply-patch.ts';
import { blankRecord } from './registry.ts';

const event = (status: CalendarEvent['status']) => ({
  ...(blankRecord(
    'event',
    '00000000-0000-4000-8000-000000000001',
    new Date('2027-01-01T10:00:00Z'),
    'UTC',
  ) as CalendarEvent),
  status,
});

describe('a patch applied to a replica record', () => {
  it('remembers the status an event left for the trash, as the server does, and forgets it after', () => {
    const trashed = applyPatch('event', event('publish'), { status: 'trash' });
    expect(trashed.statusBeforeTrash).toBe('publish');
    // Trashed again (a second mutation on top): still the status before the first.
    expect(applyPatch('event', trashed, { status: 'trash' }).statusBeforeTrash).toBe('publish');
    const restored = applyPatch('event', trashed, { status: trashed.statusBeforeTrash ?? 'draft' });
    expect(restored).toMatchObject({ status: 'publish', statusBeforeTrash: null });
    expect(
      applyPatch('event', event('private'), { title: { en: 'x' } }).statusBeforeTrash,
    ).toBeNull();
  });

  it('does the same for venues and organizers, and leaves terms alone', () => {
    const venue = blankRecord('venue', '00000000-0000-4000-8000-000000000001', new Date(), 'UTC');
    expect(applyPatch('venue', { ...venue, status: 'draft' }, { status: 'trash' })).toMatchObject({
      statusBeforeTrash: 'draft',
    });
    const tag = blankRecord('tag', '00000000-0000-4000-8000-000000000001', new Date(), 'UTC');
    expect(applyPatch('tag', tag, { name: { en: 'late' } })).not.toHaveProperty(
      'statusBeforeTrash',
    );
  });
});
