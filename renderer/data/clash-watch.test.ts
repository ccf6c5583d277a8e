// Dexie's live queries look for IndexedDB on the global object, as in a page.
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import { currentClashes, type Clash } from './clash-list.ts';
import { watchClashes } from './clash-watch.ts';
import { MarqueeDB } from './db.ts';
import { createEventsRepo } from './repos/events.repo.ts';

const count = { holds: true, zone: 'UTC' };
const pad = (n: number) => String(n).padStart(2, '0');
/** Day `day` of 2031 (UTC, the zone here), at `hour`. */
const at = (day: number, hour: number) =>
  `2031-${pad(1 + Math.floor(day / 28))}-${pad(1 + (day % 28))} ${pad(hour)}:00:00`;

/** More venues than the watcher has live queries, so some share one; every fifth is off. */
const venues = Array.from(
  { length: 130 },
  (_, n) =>
    ({
      uuid: `venue-${n}`,
      status: 'publish',
      bufferBefore: n % 3 === 0 ? 30 : 0,
      bufferAfter: 15,
      booking: n % 5 === 4 ? 'off' : n % 2 ? 'strict' : 'warn',
    }) as Venue,
);

/** Events on a few days, so venues have clashes, some drafts, one a series' rule. */
const events = Array.from({ length: 900 }, (_, n) => {
  const [day, hour] = [(n * 7) % 20, 9 + ((n * 5) % 10)];
  return {
    uuid: `event-${n}`,
    venueUuid: venues[(n * 11) % venues.length]!.uuid,
    status: n % 9 === 0 ? 'draft' : n % 31 === 0 ? 'trash' : 'publish',
    recurrence: n === 17 ? { frequency: 'weekly' } : null,
    allDay: false,
    start: at(day, hour),
    end: at(day, hour + 2),
    startUtc: at(day, hour),
    endUtc: at(day, hour + 2),
    monthKeys: [],
  } as unknown as CalendarEvent;
});

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Watches every venue's clashes through `bookedAt`, stopped after the test; errors fail it. */
function watch(bookedAt: Parameters<typeof watchClashes>[0], onList: (clashes: Clash[]) => void) {
  stops.push(
    watchClashes(bookedAt, venues, count, onList, (error) => {
      throw error;
    }),
  );
}

/**
 * What the whole list over every booked event would be, as the view computed it before. Each
 * clash as text, its two events in uuid order: two clashes that begin together at one venue
 * come in the order the replica gives its events, which no one chose.
 */
const whole = (all: readonly CalendarEvent[]) =>
  named(
    currentClashes(
      all.filter((event) => event.status !== 'trash'),
      venues,
      count,
      Date.now(),
    ),
  );

const named = (clashes: readonly Clash[]) =>
  clashes.map(({ venueUuid, first, second, from, to }) =>
    [from, venueUuid, ...[first.uuid, second.uuid].sort(), to].join(' '),
  );

/** Names in list order, each run of clashes that begin together at one venue sorted. */
const comparableNames = (names: readonly string[]) => {
  const runs = new Map<string, string[]>();
  for (const name of names) {
    const begins = name.split(' ').slice(0, 2).join(' ');
    runs.set(begins, [...(runs.get(begins) ?? []), name]);
  }
  return [...runs.values()].flatMap((run) => run.sort());
};
const comparable = (clashes: readonly Clash[]) => comparableNames(named(clashes));

it('gives the list of all venues at once, and again after a change at one venue', async () => {
  const db = new MarqueeDB('clash-watch');
  await db.venues.bulkPut(venues);
  await db.events.bulkPut(events);
  const lists: Clash[][] = [];
  let heard = () => undefined as void;
  const next = () => new Promise<void>((resolve) => (heard = resolve));
  const coming = next();
  watch(createEventsRepo(db).bookedAt, (clashes) => {
    lists.push(clashes);
    heard();
  });
  await coming;
  expect(lists[0]!.length).toBeGreaterThan(20);
  expect(comparable(lists[0]!)).toEqual(comparableNames(whole(events)));

  // One event moves onto another's time at another venue: the list follows (both venues'
  // queries run again, each telling its part as it ends).
  const moved = { ...events[3]!, venueUuid: events[8]!.venueUuid };
  for (const field of ['start', 'end', 'startUtc', 'endUtc'] as const)
    Object.assign(moved, { [field]: events[8]![field] });
  await db.events.put(moved);
  const after = events.map((event) => (event.uuid === moved.uuid ? moved : event));
  await expect.poll(() => comparable(lists.at(-1)!)).toEqual(comparableNames(whole(after)));
  expect(lists.at(-1)).not.toEqual(lists[0]);
});

it('reads one group of venues at a time, so a write waits for one group, not every venue', async () => {
  const db = new MarqueeDB('clash-watch-one-group');
  await db.venues.bulkPut(venues);
  await db.events.bulkPut(events);
  const { bookedAt } = createEventsRepo(db);
  let reading = 0;
  let most = 0;
  const lists: Clash[][] = [];
  watch(
    async (...args) => {
      most = Math.max(most, (reading += 1));
      try {
        return await bookedAt(...args);
      } finally {
        reading -= 1;
      }
    },
    (clashes) => lists.push(clashes),
  );
  await expect.poll(() => lists.length).toBe(1);
  expect(comparable(lists[0]!)).toEqual(comparableNames(whole(events)));
  // 104 venues watched in 100 groups: two venues at most are read at once.
  expect(most).toBeLessThanOrEqual(2);
});

/**
 * Counts the events IndexedDB itself hands over: below Dexie's cache (level 0), so what the
 * cache answers is not counted.
 */
function countingReads(db: MarqueeDB): { read: number } {
  const counted = { read: 0 };
  db.use({
    stack: 'dbcore',
    name: 'countEventsRead',
    level: -1,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'events') return table;
        return {
          ...table,
          query: async (request) => {
            const answer = await table.query(request);
            counted.read += answer.result.length;
            return answer;
          },
        };
      },
    }),
  });
  return counted;
}

it("answers a change from Dexie's cache, not reading the group's venues again", async () => {
  // Only the clock is faked: IndexedDB's and Dexie's timers run as they do.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-12-01T12:00:00Z') });
  stops.push(() => vi.useRealTimers());
  const db = new MarqueeDB('clash-watch-cached');
  const counted = countingReads(db);
  await db.venues.bulkPut(venues);
  await db.events.bulkPut(events);
  const lists: Clash[][] = [];
  watch(createEventsRepo(db).bookedAt, (clashes) => lists.push(clashes));
  await expect.poll(() => lists.length).toBe(1);
  expect(counted.read).toBeGreaterThan(700);

  // A minute later, one event moved onto another's time at its venue: the list follows, read
  // from the cache (a query whose range moved with the clock would miss it and read again).
  vi.setSystemTime(Date.parse('2030-12-01T12:01:00Z'));
  counted.read = 0;
  const moved = events.find(
    (event, n) => n > 0 && event.venueUuid === events[0]!.venueUuid && event.status === 'publish',
  )!;
  await db.events.put({ ...moved, startUtc: events[0]!.startUtc, endUtc: events[0]!.endUtc });
  await expect.poll(() => lists.length).toBeGreaterThan(1);
  expect(counted.read).toBe(0);
});
