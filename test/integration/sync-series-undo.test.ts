/**
 * Series in the replica, continued: "this and following" with new times shows them at once
 * (the edited occurrence its own, the later ones moved by as much) and the server's split
 * agrees; moving a series to the trash (all, or following) and undoing it puts back exactly
 * what the trash changed: occurrences in the trash on their own before stay there, and a draft
 * exception stays a draft while its series comes back published.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { occurrenceUuid, type Scope } from '#shared/series/occurrences.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { createReplica } from '#renderer/data/replica.ts';
import { trashEvent } from '#renderer/features/events/trash-event.ts';
import { linkedTransport, type Link } from '../support/replica.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, TEST_NOW, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
let replica: ReturnType<typeof open>;

/** A replica on the server's clock, so both count the same two years ahead. */
function open() {
  const transport = linkedTransport(link);
  const db = new MarqueeDB(`replica-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  return {
    ...createReplica({
      db,
      transport,
      calendar: { timezone: 'Europe/Berlin', defaultLanguage: 'en' },
      backoff: () => 20,
      pullLimit: 50,
      now: () => TEST_NOW,
    }),
    transport,
  };
}

beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
  link = { url: server.url, online: true, loseNextPushAnswer: false };
  replica = open();
});
afterEach(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

/** Jazz every Friday at 19:00 for 3 hours, from 27 November 2026, six times. */
const JAZZ = {
  title: { en: 'Jazz night' },
  start: '2026-11-27 19:00:00',
  end: '2026-11-27 22:00:00',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6', rdates: [], exdates: [] },
};
const SLOTS = ['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01'];

const byUuid = (a: { uuid: string }, b: { uuid: string }) => a.uuid.localeCompare(b.uuid);

async function localEvents(): Promise<CalendarEvent[]> {
  const events = (await replica.db.events.toArray()) as (CalendarEvent & {
    monthKeys?: string[];
  })[];
  return events.map(({ monthKeys: _, ...event }) => event).sort(byUuid);
}

/** The events with a slot (occurrences of any series), by start. */
const occurrencesIn = (events: CalendarEvent[]) =>
  events.filter((event) => event.recurrenceId).sort((a, b) => a.start.localeCompare(b.start));

/** Syncs, then checks the replica holds what the server has, with nothing pending. */
async function expectSynced(): Promise<CalendarEvent[]> {
  await replica.engine.syncNow();
  expect(await replica.db.outbox.count()).toBe(0);
  expect(await replica.db.problems.toArray()).toEqual([]);
  expect(await replica.db.shadows.count()).toBe(0);
  const truth = (await pull(server)).records.event.sort(byUuid);
  expect(await localEvents()).toEqual(truth);
  return truth;
}

/** What the calendar shows of an occurrence. */
const shown = (event: CalendarEvent) => ({
  title: event.title.en,
  start: event.start,
  end: event.end,
  startUtc: event.startUtc,
  endUtc: event.endUtc,
  status: event.status,
});

const get = async (uuid: string) =>
  (await replica.records.get('event', uuid)) as unknown as CalendarEvent;

describe('this and following with new times, before the server splits the series', () => {
  it('shows the edited occurrence at its new time and the later ones moved by as much', async () => {
    const series = await replica.records.create('event', JAZZ);
    await expectSynced();
    link.online = false;
    const fourth = occurrenceUuid(series, SLOTS[3]!);
    // Half past eight to eleven: later, and half an hour shorter.
    await replica.records.update(
      'event',
      fourth,
      { title: { en: 'Late set' }, start: '2026-12-18 20:30:00', end: '2026-12-18 23:00:00' },
      { scope: 'following' },
    );
    const local = occurrencesIn(await localEvents());
    expect(local.map((event) => [event.start, event.end, event.title.en])).toEqual([
      ...SLOTS.slice(0, 3).map((slot) => [`${slot} 19:00:00`, `${slot} 22:00:00`, 'Jazz night']),
      ...SLOTS.slice(3).map((slot) => [`${slot} 20:30:00`, `${slot} 23:00:00`, 'Late set']),
    ]);
    expect(local.find((event) => event.uuid === fourth)).toMatchObject({
      startUtc: '2026-12-18 19:30:00',
      endUtc: '2026-12-18 22:00:00',
    });
    // One mutation, for the occurrence edited.
    expect(await replica.db.outbox.toArray()).toMatchObject([
      { uuid: fourth, op: 'update', scope: 'following' },
    ]);

    link.online = true;
    const truth = await expectSynced();
    // The server's new series gives the same occurrences, with the same uuids.
    expect(occurrencesIn(truth).map(shown)).toEqual(local.map(shown));
    expect(occurrencesIn(truth).map((event) => event.uuid)).toEqual(
      local.map((event) => event.uuid),
    );
  });

  it('moves the later occurrences to the next day with the edited one', async () => {
    const series = await replica.records.create('event', JAZZ);
    await expectSynced();
    link.online = false;
    await replica.records.update(
      'event',
      occurrenceUuid(series, SLOTS[4]!),
      { start: '2026-12-26 18:00:00', end: '2026-12-26 21:00:00' },
      { scope: 'following' },
    );
    const local = occurrencesIn(await localEvents()).map(shown);
    expect(local.map((event) => event.start)).toEqual([
      ...SLOTS.slice(0, 4).map((slot) => `${slot} 19:00:00`),
      '2026-12-26 18:00:00',
      '2027-01-02 18:00:00',
    ]);
    link.online = true;
    // A Saturday rule now: the server's occurrences are new ones, at the times shown.
    expect(occurrencesIn(await expectSynced()).map(shown)).toEqual(local);
  });
});

describe('undoing a trip to the trash of a whole series', () => {
  /** A synced series whose second occurrence is in the trash alone and fifth is a draft. */
  async function seriesWithExceptions() {
    const series = await replica.records.create('event', JAZZ);
    const [, second, , fourth, fifth, sixth] = SLOTS.map((slot) => occurrenceUuid(series, slot));
    await replica.records.update('event', second!, { status: 'trash' });
    await replica.records.update('event', fifth!, { status: 'draft' });
    await expectSynced();
    return { series, second: second!, fourth: fourth!, fifth: fifth!, sixth: sixth! };
  }

  const statuses = async () =>
    Object.fromEntries((await localEvents()).map((event) => [event.uuid, event.status]));

  /** Trashes `uuid` for `scope` (read from the replica, as the editor does); the way back. */
  async function trash(uuid: string, scope: Scope) {
    return trashEvent(replica, await get(uuid), scope);
  }

  it('puts back only what “All events” trashed, and the series as it was, not as the draft', async () => {
    const { series, second, fifth } = await seriesWithExceptions();
    const before = await statuses();
    expect(Object.values(before).filter((status) => status === 'publish')).toHaveLength(5);

    // The draft occurrence is the one opened.
    const undo = await trash(fifth, 'all');
    expect(new Set(Object.values(await statuses()))).toEqual(new Set(['trash']));
    await expectSynced();

    await undo();
    expect(await statuses()).toEqual(before);
    expect((await get(series)).status).toBe('publish');
    expect((await get(second)).status).toBe('trash');
    expect((await get(fifth)).status).toBe('draft');
    await expectSynced();
    expect(await statuses()).toEqual(before);
  });

  it('undoes it offline too, before the trash was ever sent', async () => {
    const { series } = await seriesWithExceptions();
    const before = await statuses();
    link.online = false;
    const undo = await trash(occurrenceUuid(series, SLOTS[2]!), 'all');
    await undo();
    expect(await statuses()).toEqual(before);
    link.online = true;
    await expectSynced();
    expect(await statuses()).toEqual(before);
  });

  it('puts back what “This and following” trashed, the occurrences before untouched', async () => {
    const { fourth, fifth, sixth } = await seriesWithExceptions();
    await replica.records.update('event', sixth, { status: 'trash' });
    await expectSynced();
    const before = await statuses();

    const undo = await trash(fourth, 'following');
    await expectSynced();
    expect([fourth, fifth, sixth].map((uuid) => before[uuid])).toEqual([
      'publish',
      'draft',
      'trash',
    ]);
    const trashed = await statuses();
    expect([fourth, fifth, sixth].map((uuid) => trashed[uuid])).toEqual(Array(3).fill('trash'));

    await undo();
    const restored = await statuses();
    expect([fourth, fifth, sixth].map((uuid) => restored[uuid])).toEqual([
      'publish',
      'draft',
      'trash',
    ]);
    const truth = await expectSynced();
    const occurrences = truth.filter((event) => event.recurrenceId);
    expect(Object.fromEntries(occurrences.map((event) => [event.uuid, event.status]))).toEqual(
      Object.fromEntries(occurrences.map((event) => [event.uuid, before[event.uuid]])),
    );
    // Each part of the series is published again.
    expect(truth.filter((event) => event.recurrence).map((event) => event.status)).toEqual([
      'publish',
      'publish',
    ]);
  });
});
