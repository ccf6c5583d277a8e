import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../schemas/event.ts';
import { applyPatch } from '../kinds/apply-patch.ts';
import { blankRecord } from '../kinds/registry.ts';
import { splitConcurrentEdit } from './concurrent-edit.ts';

const opened = applyPatch(
  'event',
  blankRecord(
    'event',
    '00000000-0000-4000-8000-000000000001',
    new Date('2027-01-01T10:00:00Z'),
    'Europe/Berlin',
  ) as CalendarEvent,
  {
    title: { en: 'Jazz night', de: 'Jazznacht' },
    cost: '10',
    start: '2027-12-06 20:00:00',
    end: '2027-12-06 22:30:00',
  },
);

describe('an edit made on an older version of a record', () => {
  it('merges fields only one side changed', () => {
    const current = applyPatch('event', opened, { title: { en: 'Jazz night — SOLD OUT' } });
    const split = splitConcurrentEdit('event', opened, current, { cost: '12' });
    expect(split).toEqual({
      merged: { cost: '12' },
      conflicting: {},
      changedElsewhere: ['title.en'],
    });
  });

  it('holds back a field both sides changed to different values', () => {
    const current = applyPatch('event', opened, { title: { en: 'Jazz night — SOLD OUT' } });
    const split = splitConcurrentEdit('event', opened, current, {
      title: { en: 'Jazz night (moved)' },
      cost: '12',
    });
    expect(split.merged).toEqual({ cost: '12' });
    expect(split.conflicting).toEqual({ title: { en: 'Jazz night (moved)' } });
  });

  it('keeps languages apart, and takes the same value on both sides as no conflict', () => {
    const current = applyPatch('event', opened, { title: { en: 'Jazz!' }, cost: '12' });
    const split = splitConcurrentEdit('event', opened, current, {
      title: { de: 'Jazz!' },
      cost: '12',
    });
    expect(split.merged).toEqual({ title: { de: 'Jazz!' }, cost: '12' });
    expect(split.conflicting).toEqual({});
  });

  it('counts an event’s times as one field', () => {
    const current = applyPatch('event', opened, {
      start: '2027-12-06 20:00:00',
      end: '2027-12-06 23:00:00',
    });
    const moved = {
      start: '2027-12-05 20:00:00',
      end: '2027-12-05 22:30:00',
      allDay: false,
      timezone: 'Europe/Berlin',
    };
    const split = splitConcurrentEdit('event', opened, current, moved);
    expect(split.conflicting).toEqual(moved);
    expect(split.merged).toEqual({});
    // The zone alone changed elsewhere: still the same field as the start the user moved.
    const rezoned = applyPatch('event', opened, { timezone: 'Europe/Lisbon' });
    expect(splitConcurrentEdit('event', opened, rezoned, moved).conflicting).toEqual(moved);
  });
});
