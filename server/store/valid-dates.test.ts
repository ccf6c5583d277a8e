/**
 * The store refuses a date that is not on the calendar, whichever code writes it (migration
 * 0013's triggers), and puts right the ones stored before it.
 */
import { describe, expect, it } from 'vitest';
import { KIND } from '#shared/kinds/registry.ts';
import { refusedDateOf } from './date-refusals.ts';
import { createEventsRepo, type StoredEvent } from './events.repo.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { addEvent, databasePerTest, storePerTest } from './store-test-fixtures.ts';

function event(id: number, times: Partial<StoredEvent> = {}): StoredEvent {
  return {
    ...KIND.event.blank(crypto.randomUUID(), new Date('2026-03-01T10:00:00Z'), 'Europe/Berlin'),
    id,
    rev: 1,
    title: { en: `Night ${id}` },
    slug: { en: `night-${id}` },
    start: '2027-02-27 20:00:00',
    end: '2027-02-27 23:00:00',
    startUtc: '2027-02-27 19:00:00',
    endUtc: '2027-02-27 22:00:00',
    venueId: null,
    organizerIds: [],
    categoryIds: [],
    tagIds: [],
    parentId: null,
    ...times,
  };
}

/** What `work` threw, as the store's refusal of a date. */
function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    return refusedDateOf(error);
  }
  throw new Error('the store took it');
}

describe('the store refuses a date that is not on the calendar', () => {
  const temp = storePerTest();

  it('on an insert through the events repo, one or many, and keeps nothing of it', () => {
    const { db } = temp.store;
    const events = createEventsRepo(db);
    const cases: [Partial<StoredEvent>, string, string][] = [
      [{ start: '2027-02-30 20:00:00' }, 'start', '2027-02-30 20:00:00'],
      [{ startUtc: 'Invalid DateTime' }, 'start', 'Invalid DateTime'],
      [{ end: '2027-02-28 24:00:00' }, 'end', '2027-02-28 24:00:00'],
      [{ endUtc: '2027-02-28 23:59:60' }, 'end', '2027-02-28 23:59:60'],
      [{ recurrenceId: '2027-13-01 20:00:00' }, 'recurrenceId', '2027-13-01 20:00:00'],
      [{ date: '2027-04-31 10:00:00' }, 'date', '2027-04-31 10:00:00'],
      [{ modified: '2027-04-30' }, 'modified', '2027-04-30'],
    ];
    for (const [times, field, value] of cases) {
      expect(refusal(() => db.transaction(() => events.insert(event(0, times))))).toEqual({
        field,
        value,
      });
      expect(refusal(() => db.transaction(() => events.insertMany([event(30, times)])))).toEqual({
        field,
        value,
      });
    }
    expect(db.prepare('SELECT COUNT(*) AS n FROM posts').get()).toEqual({ n: 0 });
    expect(db.transaction(() => events.insert(event(0)))).toBeGreaterThan(0);
  });

  it('on an update through the events repo, its times and its record dates', () => {
    const { db } = temp.store;
    const events = createEventsRepo(db);
    const id = db.transaction(() => events.insert(event(0)));
    const stored = events.get(id)!;
    const cases: [Partial<StoredEvent>, string, string][] = [
      [{ end: '2027-02-29 10:00:00' }, 'end', '2027-02-29 10:00:00'],
      [{ startUtc: '10000-01-01 04:00:00' }, 'start', '10000-01-01 04:00:00'],
      [{ date: '2026-06-31 00:00:00' }, 'date', '2026-06-31 00:00:00'],
    ];
    for (const [times, field, value] of cases)
      expect(
        refusal(() => db.transaction(() => events.update({ ...stored, ...times }, stored))),
      ).toEqual({ field, value });
    expect(events.get(id)).toEqual(stored);
  });
});

describe('a calendar written before version 13', () => {
  const db = databasePerTest();
  const times = (id: number) =>
    db()
      .prepare(
        'SELECT start_local, end_local, start_utc, end_utc, timezone, recurrence_id FROM events WHERE post_id = ?',
      )
      .get(id);
  const set = (id: number, sql: string) =>
    db().prepare(`UPDATE events SET ${sql} WHERE post_id = ?`).run(id);

  it('gets its impossible dates put right, in one revision replicas pull', () => {
    migrate(db(), MIGRATIONS.slice(0, 12));
    for (const id of [1, 2, 3, 4, 5]) addEvent(db(), id, `Event ${id}`);
    db().prepare('UPDATE change_counter SET seq = 7').run();
    // Carried over as PHP and the REST API read it.
    set(
      1,
      "start_local = '2027-02-30 20:00:00', start_utc = '2027-02-30 19:00:00', end_local = '2027-02-28 24:00:00', end_utc = '2027-02-28 23:00:00'",
    );
    // What a sync push stored: "Invalid DateTime" for the start, or for both.
    set(2, "start_local = 'Invalid DateTime', start_utc = 'Invalid DateTime'");
    set(
      3,
      "start_local = 'Invalid DateTime', start_utc = 'Invalid DateTime', end_local = 'Invalid DateTime', end_utc = 'Invalid DateTime', timezone = 'Europe/Lisbon'",
    );
    set(4, "recurrence_id = 'Invalid DateTime'");
    db()
      .prepare(
        "UPDATE posts SET date_utc = '2027-02-29 10:00:00', created_utc = '2025-12-24 08:00:00' WHERE id IN (3, 4)",
      )
      .run();

    expect(migrate(db())).toEqual([13, 14, 15, 16, 17]);
    expect(times(1)).toEqual({
      start_local: '2027-03-02 20:00:00',
      start_utc: '2027-03-02 19:00:00',
      end_local: '2027-03-01 00:00:00',
      end_utc: '2027-02-28 23:00:00',
      timezone: 'UTC',
      recurrence_id: null,
    });
    expect(times(2)).toMatchObject({
      start_local: '2026-02-01 22:00:00',
      start_utc: '2026-02-01 22:00:00',
      end_local: '2026-02-01 22:00:00',
    });
    expect(times(3)).toEqual({
      start_local: '2025-12-24 08:00:00',
      start_utc: '2025-12-24 08:00:00',
      end_local: '2025-12-24 08:00:00',
      end_utc: '2025-12-24 08:00:00',
      timezone: 'UTC',
      recurrence_id: null,
    });
    expect(times(4)).toMatchObject({ recurrence_id: '2026-02-01 20:00:00' });
    const posts = db()
      .prepare('SELECT id, rev, date_utc, field_revs FROM posts ORDER BY id')
      .all() as { id: number; rev: number; date_utc: string; field_revs: string }[];
    expect(posts.map(({ id, rev }) => [id, rev])).toEqual([
      [1, 8],
      [2, 8],
      [3, 8],
      [4, 8],
      [5, 1],
    ]);
    expect(posts[3]?.date_utc).toBe('2027-03-01 10:00:00');
    expect(JSON.parse(posts[0]?.field_revs ?? '{}')).toMatchObject({ start: 8, end: 8 });
    expect(db().prepare('SELECT seq FROM change_counter').get()).toEqual({ seq: 8 });
  });

  it('with nothing to put right, is left at its revision', () => {
    migrate(db(), MIGRATIONS.slice(0, 12));
    addEvent(db(), 1, 'Fine');
    expect(migrate(db())).toEqual([13, 14, 15, 16, 17]);
    expect(db().prepare('SELECT rev FROM posts').get()).toEqual({ rev: 1 });
    expect(db().prepare('SELECT seq FROM change_counter').get()).toEqual({ seq: 0 });
  });
});
