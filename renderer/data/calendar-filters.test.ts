import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { activeFilterCount, eventFilter, NO_FILTERS, withChildren } from './calendar-filters.ts';

const event = (fields: Partial<CalendarEvent>): CalendarEvent =>
  ({
    title: { en: 'Jazz night' },
    excerpt: {},
    description: { de: '<p>Ein Abend im <strong>Café</strong></p>' },
    featured: false,
    status: 'publish',
    venueUuid: null,
    organizerUuids: [],
    categoryUuids: [],
    tagUuids: [],
    ...fields,
  }) as CalendarEvent;

const tree = withChildren([
  { uuid: 'music', parentUuid: null },
  { uuid: 'jazz', parentUuid: 'music' },
  { uuid: 'bebop', parentUuid: 'jazz' },
  { uuid: 'theatre', parentUuid: null },
]);

describe('calendar filters', () => {
  it('finds words in any language and field, ignoring case, accents and markup', () => {
    const matches = (text: string) => eventFilter({ ...NO_FILTERS, text }, tree)(event({}));
    expect(matches('jazz')).toBe(true);
    expect(matches('cafe abend')).toBe(true);
    expect(matches('strong')).toBe(false);
    expect(matches('jazz opera')).toBe(false);
  });

  it('takes a category with the categories under it', () => {
    const inMusic = eventFilter({ ...NO_FILTERS, categoryUuid: 'music' }, tree);
    expect(inMusic(event({ categoryUuids: ['bebop'] }))).toBe(true);
    expect(inMusic(event({ categoryUuids: ['theatre'] }))).toBe(false);
  });

  it('narrows by links, featured and status together', () => {
    const filters = {
      ...NO_FILTERS,
      venueUuid: 'v',
      tagUuid: 't',
      featuredOnly: true,
      status: 'draft' as const,
    };
    const test = eventFilter(filters, tree);
    expect(test(event({ venueUuid: 'v', tagUuids: ['t'], featured: true, status: 'draft' }))).toBe(
      true,
    );
    expect(test(event({ venueUuid: 'v', tagUuids: ['t'], featured: true }))).toBe(false);
    expect(activeFilterCount(filters)).toBe(4);
  });
});
