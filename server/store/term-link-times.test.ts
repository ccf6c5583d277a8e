import { describe, expect, it } from 'vitest';
import { bulkLoad } from './bulk-load.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { addEvent, addTerm, databasePerTest, linkTerm } from './store-test-fixtures.ts';

const db = databasePerTest();
const move = (event: number, start: string, end: string) =>
  db()
    .prepare('UPDATE events SET start_utc = ?, end_utc = ? WHERE post_id = ?')
    .run(start, end, event);

/** Each link's times, and whether they are its event's. */
const links = () =>
  db()
    .prepare(
      `SELECT et.event_id AS event, et.term_id AS term, et.start_utc AS start, et.end_utc AS end,
         et.start_utc IS e.start_utc AND et.end_utc IS e.end_utc AS same
       FROM event_terms et JOIN events e ON e.post_id = et.event_id ORDER BY 1, 2`,
    )
    .all() as { event: number; term: number; start: string; end: string; same: number }[];

describe("links to terms carry their event's times", () => {
  it('whether the event or its links are written first, and when the event moves', () => {
    migrate(db());
    addTerm(db(), 1);
    addTerm(db(), 2);
    addEvent(db(), 10, 'Concert');
    linkTerm(db(), 10, 1);
    // Links before their event's row (an order no path uses today, and one a load could).
    db().exec('PRAGMA defer_foreign_keys = ON; BEGIN');
    db()
      .prepare(
        `INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
       VALUES (11, ?, 'event', 'publish', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1)`,
      )
      .run(crypto.randomUUID());
    linkTerm(db(), 11, 2);
    db()
      .prepare(
        `INSERT INTO events (post_id, start_local, end_local, timezone, start_utc, end_utc)
       VALUES (11, '2026-05-01 20:00:00', '2026-05-01 23:00:00', 'UTC', '2026-05-01 20:00:00', '2026-05-01 23:00:00')`,
      )
      .run();
    db().exec('COMMIT');
    move(10, '2026-03-01 19:00:00', '2026-03-01 21:00:00');
    db().prepare('UPDATE events SET cost = ? WHERE post_id = 10').run('12');
    expect(links()).toEqual([
      { event: 10, term: 1, start: '2026-03-01 19:00:00', end: '2026-03-01 21:00:00', same: 1 },
      { event: 11, term: 2, start: '2026-05-01 20:00:00', end: '2026-05-01 23:00:00', same: 1 },
    ]);
  });

  it('after a bulk load, which copies them once', () => {
    migrate(db());
    addTerm(db(), 1);
    addEvent(db(), 10, 'Concert');
    linkTerm(db(), 10, 1);
    db().transaction(() =>
      bulkLoad(db(), () => {
        addEvent(db(), 11, 'Bal');
        linkTerm(db(), 11, 1);
        move(10, '2027-01-01 10:00:00', '2027-01-01 11:00:00');
      }),
    );
    expect(links().map((row) => [row.event, row.start, row.same])).toEqual([
      [10, '2027-01-01 10:00:00', 1],
      [11, '2026-02-01 20:00:00', 1],
    ]);
    move(11, '2027-02-01 10:00:00', '2027-02-01 11:00:00');
    expect(links().every((row) => row.same)).toBe(true);
  });

  it('for a calendar written before version 11', () => {
    migrate(db(), MIGRATIONS.slice(0, 10));
    addTerm(db(), 1);
    addEvent(db(), 10, 'Concert');
    linkTerm(db(), 10, 1);
    expect(migrate(db())).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(links()).toEqual([
      { event: 10, term: 1, start: '2026-02-01 20:00:00', end: '2026-02-01 22:00:00', same: 1 },
    ]);
  });
});
