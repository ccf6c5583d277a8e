/**
 * The page side of `npm run bench:editor-clashes`, bundled and run in Chromium: fills a replica
 * (the editor's own Dexie database) with events at 20 or 2,000 venues, all still ahead or half
 * of them behind, then times what the clashes view does on every change of the replica
 * (features/clashes/use-clashes.ts): read the venues and the booked events from now on, and
 * list the clashes.
 */
import { blankRecord } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';
import type { Clash } from '#renderer/data/clash-list.ts';
import { watchClashes } from '#renderer/data/clash-watch.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { createEventsRepo } from '#renderer/data/repos/events.repo.ts';
import { createRecordsRepo } from '#renderer/data/repos/records.repo.ts';

const ZONE = 'Europe/Berlin';
/** The bench's "now": events start over the five years that follow, and the years behind asked. */
const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY_MS = 86_400_000;
const ROUNDS = 15;

const pad = (n: number) => String(n).padStart(2, '0');
/** A wall time of the calendar's zone, `YYYY-MM-DD HH:MM:SS`. */
function wall(dayOffset: number, hour: number): string {
  const day = new Date(NOW + dayOffset * DAY_MS);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(hour)}:00:00`;
}

/** A fixed pseudo-random sequence (mulberry32), so runs compare. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function venuesOf(count: number): Venue[] {
  const now = new Date(NOW);
  return Array.from({ length: count }, (_, n) => ({
    ...(blankRecord('venue', `venue-${n}`, now, ZONE) as Venue),
    id: n + 1,
    rev: 1,
    status: 'publish',
    bufferBefore: 30,
    bufferAfter: 30,
    booking: 'warn',
  }));
}

function eventsOf(count: number, venues: readonly Venue[], yearsBehind: number): CalendarEvent[] {
  const random = sequence(42);
  const now = new Date(NOW);
  return Array.from({ length: count }, (_, n) => {
    const day = 1 + Math.floor(random() * (5 + yearsBehind) * 365) - yearsBehind * 365;
    const hour = 9 + Math.floor(random() * 12);
    const [start, end] = [wall(day, hour), wall(day, hour + 2)];
    return {
      ...(blankRecord('event', `event-${n}`, now, ZONE) as unknown as CalendarEvent),
      id: 100_000 + n,
      rev: 1,
      status: 'publish',
      title: { en: `Event ${n}` },
      ...eventTimesIn(start, end, ZONE, false),
      venueUuid: venues[Math.floor(random() * venues.length)]!.uuid,
    };
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export type PageFigures = {
  fillMs: number;
  firstMs: number;
  changeMs: number;
  worstMs: number;
  clashes: number;
};

/**
 * Fills a fresh replica with `events` at `venueCount` venues over five years ahead and
 * `yearsBehind` behind, then watches its clashes as the view does: the time to the first list,
 * and from each change (an event moved onto a day ahead, written as sync or an edit writes it)
 * to the list that follows it.
 */
async function run(events: number, venueCount: number, yearsBehind: number): Promise<PageFigures> {
  const db = new MarqueeDB(`bench-clashes-${venueCount}-${yearsBehind}`);
  await db.delete();
  await db.open();
  const venues = venuesOf(venueCount);
  const filled = performance.now();
  const made = eventsOf(events, venues, yearsBehind);
  await db.venues.bulkPut(venues);
  await db.events.bulkPut(made);
  const fillMs = performance.now() - filled;
  const records = createRecordsRepo(db, { timezone: () => ZONE });
  const repo = createEventsRepo(db);
  const listed = await records.list('venue');
  let heard: (clashes: Clash[]) => void = () => undefined;
  const began = performance.now();
  let first: Promise<Clash[]> = new Promise((resolve) => (heard = resolve));
  const stop = watchClashes(
    repo.bookedAt,
    listed,
    { holds: true, zone: ZONE },
    (clashes) => heard(clashes),
    (error) => console.error(error),
  );
  const clashes = (await first).length;
  const firstMs = performance.now() - began;
  const changes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const event = made[(round * 7_919) % made.length]!;
    const start = wall(1 + ((round * 37) % 1_000), 8);
    const end = wall(1 + ((round * 37) % 1_000), 10);
    first = new Promise((resolve) => (heard = resolve));
    const changed = performance.now();
    await db.events.put({ ...event, ...eventTimesIn(start, end, ZONE, false) });
    await first;
    changes.push(performance.now() - changed);
  }
  stop();
  db.close();
  return {
    fillMs,
    firstMs,
    changeMs: median(changes),
    worstMs: Math.max(...changes),
    clashes,
  };
}

Object.assign(globalThis, { benchEditorClashes: run });
