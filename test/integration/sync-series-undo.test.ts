/**
 * Series in the replica, continued: "this and following" with new times shows them at once
 * (the edited occurrence its own, the later ones moved by as much) and the server's split
 * agrees; moving a series to the trash (all, or following) and undoing it puts back exactly
 * what the trash changed: occurrences in the trash on their own before stay there, and a draft
 * exception stays a draft while its series comes back published.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { occurrenceUuid, type Scope } from '#shared/series/occurrences.ts';
import { trashEvent } from '#renderer/features/events/trash-event.ts';
import type { Link } from '../support/replica.ts';
import {
  expectSynced,
  JAZZ,
  localEventsOf,
  openSeriesReplica,
  SLOTS,
  type SeriesReplica,
} from '../support/series-replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
let replica: SeriesReplica;

beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
  link = { url: server.url, online: true, loseNextPushAnswer: false };
  replica = openSeriesReplica(link);
});
afterEach(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

const localEvents = () => localEventsOf(replica);

/** The events with a slot (occurrences of any series), by start. */
const occurrencesIn = (events: CalendarEvent[]) =>
  events.filter((event) => event.recurrenceId).sort((a, b) => a.start.localeCompare(b.start));

const synced = () => expectSynced(replica, server);

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
    await synced();
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
    const truth = await synced();
    // The server's new series gives the same occurrences, with the same uuids.
    expect(occurrencesIn(truth).map(shown)).toEqual(local.map(shown));
    expect(occurrencesIn(truth).map((event) => event.uuid)).toEqual(
      local.map((event) => event.uuid),
    );
  });

  it('moves the later occurrences to the next day with the edited one', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
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
    expect(occurrencesIn(await synced()).map(shown)).toEqual(local);
  });
});

describe('undoing a trip to the trash of a whole series', () => {
  /** A synced series whose second occurrence is in the trash alone and fifth is a draft. */
  async function seriesWithExceptions() {
    const series = await replica.records.create('event', JAZZ);
    const [, second, , fourth, fifth, sixth] = SLOTS.map((slot) => occurrenceUuid(series, slot));
    await replica.records.update('event', second!, { status: 'trash' });
    await replica.records.update('event', fifth!, { status: 'draft' });
    await synced();
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
    await synced();

    await undo();
    expect(await statuses()).toEqual(before);
    expect((await get(series)).status).toBe('publish');
    expect((await get(second)).status).toBe('trash');
    expect((await get(fifth)).status).toBe('draft');
    await synced();
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
    await synced();
    expect(await statuses()).toEqual(before);
  });

  it('puts back what “This and following” trashed, the occurrences before untouched', async () => {
    const { fourth, fifth, sixth } = await seriesWithExceptions();
    await replica.records.update('event', sixth, { status: 'trash' });
    await synced();
    const before = await statuses();

    const undo = await trash(fourth, 'following');
    await synced();
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
    const truth = await synced();
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
