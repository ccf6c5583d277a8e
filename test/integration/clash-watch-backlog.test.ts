/**
 * The editor's clash list while its replica takes a backlog of pages from a real server: it holds
 * still until the backlog is in, then reads each venue once, instead of reading every venue again
 * after each page; and a sync cut off half-way does not hold it.
 */
// Dexie's live queries look for IndexedDB on the global object, as in a page.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Clash } from '#renderer/data/clash-list.ts';
import { watchSettledClashes } from '#renderer/data/settled-clash-watch.ts';
import { catchingUp } from '#renderer/data/sync/passes.ts';
import type { Transport } from '#renderer/data/sync/transport.ts';
import { venue } from '../support/clashes.ts';
import { at, createEvent } from '../support/events.ts';
import { linkedTransport, openReplica, type Link, type Replica } from '../support/replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const VENUES = 10;
/** Two events a day at each venue, at the same hours: one clash each day at each venue. */
const DAYS = 12;
/** Far enough ahead that every clash is still to come, whatever the real clock says. */
const FIRST_DAY = 800;

let server: TestServer;
let link: Link;
let replica: Replica;
const stops: (() => void)[] = [];

beforeEach(async () => {
  server = await startTestServer();
  link = { url: server.url, online: true, loseNextPushAnswer: false };
});
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

/** VENUES venues, then 2 × VENUES × DAYS events: every venue comes on the first page. */
async function seed(): Promise<void> {
  const ids: number[] = [];
  for (let n = 0; n < VENUES; n += 1) ids.push(await venue(server, { venue: `Hall ${n}` }));
  for (const [n, id] of ids.entries())
    for (let day = 0; day < DAYS; day += 1)
      for (const title of ['Early', 'Late'])
        await createEvent(server, {
          title: `${title} ${n}/${day}`,
          start_date: at(FIRST_DAY + day),
          end_date: at(FIRST_DAY + day, 2),
          venue: id,
        });
}

/** A replica on the global fake IndexedDB (which live queries use), with pages of 50 records. */
function open(transport?: Transport): Replica {
  replica = openReplica(link, {
    factory: indexedDB,
    ...(transport && { transport }),
  });
  return replica;
}

/** The clash list over `replica`, counting each read of a venue's bookings. */
function watch(replica: Replica) {
  let heard = () => undefined as void;
  const seen = {
    reads: 0,
    held: [] as boolean[],
    lists: [] as Clash[][],
    /** Resolves once the list has been held. */
    wasHeld: new Promise<void>((resolve) => (heard = resolve)),
  };
  const events = {
    ...replica.events,
    bookedAt: (...args: Parameters<Replica['events']['bookedAt']>) => {
      seen.reads += 1;
      return replica.events.bookedAt(...args);
    },
  };
  const venueUuids = async () => (await replica.db.venues.toArray()).map(({ uuid }) => uuid);
  return {
    seen,
    start: async (): Promise<void> => {
      const venues = (await venueUuids()).map((uuid) => ({ uuid }));
      stops.push(
        watchSettledClashes(
          { db: replica.db, engine: replica.engine, events },
          venues,
          { holds: true, zone: 'UTC' },
          (clashes) => seen.lists.push(clashes),
          (held) => {
            seen.held.push(held);
            if (held) heard();
          },
          (error) => {
            throw error;
          },
        ),
      );
    },
  };
}

it('holds still while a first sync takes its pages, then reads each venue once', async () => {
  await seed();
  // The venues first, alone, so the watch knows them before the events' backlog comes.
  const gate: { until?: Promise<void> } = {};
  let pulls = 0;
  const linked = linkedTransport(link);
  const replica = open({
    ...linked,
    async pull(...args) {
      const page = await linked.pull(...args);
      // The second page waits until the list is held: a real page takes a second to write.
      if (gate.until && (pulls += 1) > 1) await gate.until;
      return page;
    },
  });
  await replica.engine.syncNow();
  await replica.db.events.clear();
  await replica.db.meta.clear();
  const { seen, start } = watch(replica);
  await start();
  await expect.poll(() => seen.lists.length).toBe(1);
  seen.reads = 0;
  gate.until = seen.wasHeld;

  replica.engine.start();
  await expect.poll(() => seen.lists.at(-1)?.length).toBe(VENUES * DAYS);
  expect(await replica.db.events.count()).toBe(2 * VENUES * DAYS);
  expect(seen.held).toEqual([false, true, false]);
  // Five pages of 50 or more: read after each, the venues would be read five times and more.
  expect(seen.reads).toBeLessThanOrEqual(2 * VENUES);
  expect(await catchingUp(replica.db)).toBe(false);
});

it('does not hold the list when the sync stops half-way, and holds it again when it goes on', async () => {
  await seed();
  let pulls = 0;
  const linked = linkedTransport(link);
  const replica = open({
    ...linked,
    async pull(...args) {
      // Offline after the third page, with pages still to come.
      if ((pulls += 1) > 3) link.online = false;
      return linked.pull(...args);
    },
  });
  await replica.engine.syncNow();
  expect(replica.engine.status().online).toBe(false);
  expect(await catchingUp(replica.db)).toBe(true);
  const taken = await replica.db.events.count();
  expect(taken).toBeGreaterThan(0);
  expect(taken).toBeLessThan(2 * VENUES * DAYS);

  const { seen, start } = watch(replica);
  await start();
  // The half-taken replica's clashes show: those of both events taken already.
  await expect.poll(() => seen.lists.length).toBe(1);
  expect(seen.held).toEqual([false]);
  expect(seen.lists[0]!.length).toBeGreaterThan(0);
  expect(seen.lists[0]!.length).toBeLessThan(VENUES * DAYS);

  link.online = true;
  pulls = -1_000;
  await replica.engine.syncNow();
  await expect.poll(() => seen.lists.at(-1)?.length).toBe(VENUES * DAYS);
  expect(seen.held).toEqual([false, true, false]);
  expect(await catchingUp(replica.db)).toBe(false);
});
