import { describe, expect, it } from 'vitest';
import { storePerTest } from '../../test/support/store-fixtures.ts';
import { KIND } from '#shared/kinds/registry.ts';
import { createEventsRepo, type StoredEvent } from './events.repo.ts';
import { createPostsRepo } from './posts.repo.ts';

const temp = storePerTest();

/** An organizer's bare `posts` row, for an event to link to. */
function addOrganizer(id: number): string {
  const uuid = crypto.randomUUID();
  temp.store.db
    .prepare(
      `INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
       VALUES (?, ?, 'organizer', 'publish', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1)`,
    )
    .run(id, uuid);
  return uuid;
}

function event(id: number, organizers: { id: number; uuid: string }[]): StoredEvent {
  return {
    ...KIND.event.blank(crypto.randomUUID(), new Date('2026-03-01T10:00:00Z'), 'Europe/Berlin'),
    id,
    rev: 1,
    title: { en: `Night ${id}`, ja: `夜 ${id}` },
    slug: { en: `night-${id}`, ja: `yoru-${id}` },
    start: '2026-03-06 20:00:00',
    end: '2026-03-06 23:00:00',
    startUtc: '2026-03-06 19:00:00',
    endUtc: '2026-03-06 22:00:00',
    organizerUuids: organizers.map((organizer) => organizer.uuid),
    organizerIds: organizers.map((organizer) => organizer.id),
    venueId: null,
    categoryIds: [],
    tagIds: [],
    parentId: null,
  };
}

describe('the post kernel’s repo (events)', () => {
  it('reads back what one insert and a bulk insert stored, texts per language and links in order', () => {
    const events = createEventsRepo(temp.store.db);
    const first = { id: 10, uuid: addOrganizer(10) };
    const second = { id: 11, uuid: addOrganizer(11) };
    const one = event(0, [second, first]);
    const id = temp.store.db.transaction(() => events.insert(one));
    const many = [event(20, [first]), event(21, [])];
    temp.store.db.transaction(() => events.insertMany(many));

    expect(events.get(id)).toEqual({ ...one, id });
    expect(events.getMany([21, 20])).toEqual([many[1], many[0]]);
    expect(events.getMany([999])).toEqual([]);
  });

  it('stamps only the fields an update changed, and replaces the links', () => {
    const posts = createPostsRepo(temp.store.db);
    const events = createEventsRepo(temp.store.db);
    const organizer = { id: 10, uuid: addOrganizer(10) };
    const before = event(0, [organizer]);
    const id = temp.store.db.transaction(() => events.insert(before));
    const stored = events.get(id)!;
    const after = {
      ...stored,
      rev: 2,
      title: { ...stored.title, ja: '夜のジャズ' },
      organizerUuids: [],
      organizerIds: [],
    };
    temp.store.db.transaction(() => events.update(after, stored));

    expect(events.get(id)).toEqual(after);
    const revs = posts.fieldRevs(id);
    expect(revs['title.ja']).toBe(2);
    expect(revs['title.en']).toBe(1);
    expect(revs.organizerUuids).toBe(2);
    expect(revs.start).toBe(1);
  });
});
