/**
 * The bookings reads on a seeded calendar: the clashes view's pass over every venue finds
 * whatever a search per venue finds, through the covering index of booking times,
 * and leaves out the venues whose rule is off or that are in the trash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCalendar } from '../../scripts/bench/seed.ts';
import { createBookingsRepo, type StoredBooking } from './bookings.repo.ts';
import type { Database } from './database.ts';
import { openStore, type Store } from './open-store.ts';

let dir: string;
let store: Store;
/** A venue whose rule is off, and one in the trash. */
let unwatched: number[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-bookings-repo-'));
  store = openStore(dir, { lock: false });
  seedCalendar(store, { events: 1500, venues: 12, organizers: 5, categories: 3, tags: 3 });
  const venues = store.db.prepare('SELECT post_id FROM venues ORDER BY post_id').all() as {
    post_id: number;
  }[];
  const [off, trashed, buffered] = venues.map((venue) => venue.post_id);
  unwatched = [off!, trashed!];
  store.db.exec(`UPDATE venues SET booking = 'off' WHERE post_id = ${off}`);
  store.db.exec(`UPDATE posts SET status = 'trash' WHERE id = ${trashed}`);
  store.db.exec(
    `UPDATE venues SET buffer_before = 90, buffer_after = 45 WHERE post_id = ${buffered}`,
  );
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ms = (text: string) => Date.parse(`${text}Z`);
const ids = (found: StoredBooking[]) => found.map((booking) => booking.id).sort((a, b) => a - b);

it('finds at every watched venue at once what a search per venue finds', () => {
  const bookings = createBookingsRepo(store.db);
  const watched = bookings.watchedVenues();
  const all = store.db.prepare('SELECT count(*) AS n FROM venues').get() as { n: number };
  expect(watched.size).toBe(all.n - 2);
  expect([...watched.values()].some((venue) => venue.bufferBefore === 90)).toBe(true);
  const widen = 135;
  for (const [from, to] of [
    ['2026-01-01T00:00:00', '2027-01-01T00:00:00'],
    ['2026-06-01T18:00:00', '2026-06-01T20:00:00'],
  ] as const) {
    const each = [...watched.keys()].flatMap((venue) =>
      bookings.near(venue, ms(from), ms(to), widen),
    );
    // The same superset's lower bound: the shared finder decides which of them clash.
    const once = new Set(ids(bookings.nearAt(watched, ms(from), ms(to), widen)));
    expect(ids(each).filter((id) => !once.has(id))).toEqual([]);
    const at = bookings.nearAt(watched, ms(from), ms(to), widen).map((found) => found.venueId);
    expect(at.filter((venue) => unwatched.includes(venue))).toEqual([]);
  }
  expect(
    bookings.nearAt(watched, ms('2026-01-01T00:00:00'), ms('2027-01-01T00:00:00'), 0).length,
  ).toBeGreaterThan(100);
});

it("reads a range's events from the covering index of booking times, a search per class", () => {
  const plans: string[] = [];
  const spy: Database = {
    ...store.db,
    prepare(sql) {
      const explained = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
      plans.push(...(explained.all() as { detail: string }[]).map((row) => row.detail));
      return store.db.prepare(sql);
    },
  };
  const watched = createBookingsRepo(store.db).watchedVenues();
  const [from, to] = [ms('2026-01-01T00:00:00'), ms('2027-01-01T00:00:00')];
  createBookingsRepo(spy).nearAt(watched, from, to, 0);
  const reads = plans.filter((detail) => /\b(SCAN|SEARCH) events\b/.test(detail));
  expect(reads).toHaveLength(18);
  // Covering: no event's row is read, and each class is one range of starts.
  for (const read of reads)
    expect(read).toMatch(
      /SEARCH events USING COVERING INDEX events_booking_times \(<expr>=\? AND start_utc>\? AND start_utc<\?\)/,
    );
});

it('names many events in one statement, by their titles in every language', () => {
  const bookings = createBookingsRepo(store.db);
  const [first] = store.db
    .prepare('SELECT post_id FROM events WHERE venue_id IS NOT NULL LIMIT 1')
    .all() as { post_id: number }[];
  const id = first!.post_id;
  const texts = store.db
    .prepare("SELECT language, title FROM post_texts WHERE post_id = ? AND title != ''")
    .all(id) as { language: string; title: string }[];
  const names = bookings.names([id, id, 987_654_321]);
  expect([...names.keys()]).toEqual([id]);
  expect(names.get(id)!.title).toEqual(
    Object.fromEntries(texts.map((text) => [text.language, text.title])),
  );
  expect(bookings.names([]).size).toBe(0);
});

it('searches the bookings index for every length class, in one statement', () => {
  const plans: string[] = [];
  const spy: Database = {
    ...store.db,
    prepare(sql) {
      const explained = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
      plans.push(...(explained.all() as { detail: string }[]).map((row) => row.detail));
      return store.db.prepare(sql);
    },
  };
  createBookingsRepo(spy).near(1, ms('2026-06-01T18:00:00'), ms('2026-06-01T20:00:00'), 0);
  const reads = plans.filter((detail) => /\b(SCAN|SEARCH) events\b/.test(detail));
  expect(reads).toHaveLength(18);
  for (const read of reads) expect(read).toMatch(/SEARCH events USING INDEX events_bookings/);
});

it('keeps the soonest of each length class when asked for a few', () => {
  const bookings = createBookingsRepo(store.db);
  const [venue] = bookings.watchedVenues().keys();
  const [from, to] = [ms('2025-01-01T00:00:00'), ms('2027-01-01T00:00:00')];
  const all = bookings.near(venue!, from, to, 0);
  const few = bookings.near(venue!, from, to, 0, 1);
  expect(all.length).toBeGreaterThan(few.length);
  expect(few.length).toBeLessThanOrEqual(18);
  expect(ids(few).filter((id) => !ids(all).includes(id))).toEqual([]);
  const soonest = [...all].sort((a, b) => a.startUtc.localeCompare(b.startUtc))[0];
  expect(ids(few)).toContain(soonest!.id);
});
