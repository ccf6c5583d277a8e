/**
 * A replica beside a real test server for the series tests: opened on the server's clock (so
 * both count the same two years ahead), a weekly series to make, and the check that after a
 * sync the replica holds exactly what the server has with nothing pending.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { createReplica } from '#renderer/data/replica.ts';
import { linkedTransport, type Link } from './replica.ts';
import { pull } from './sync.ts';
import { TEST_NOW, type TestServer } from './test-server.ts';

export function openSeriesReplica(link: Link) {
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

export type SeriesReplica = ReturnType<typeof openSeriesReplica>;

/** Jazz every Friday at 19:00 for 3 hours, from 27 November 2026, six times. */
export const JAZZ = {
  title: { en: 'Jazz night' },
  start: '2026-11-27 19:00:00',
  end: '2026-11-27 22:00:00',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6', rdates: [], exdates: [] },
};
export const SLOTS = [
  '2026-11-27',
  '2026-12-04',
  '2026-12-11',
  '2026-12-18',
  '2026-12-25',
  '2027-01-01',
];

export const byUuid = (a: { uuid: string }, b: { uuid: string }) => a.uuid.localeCompare(b.uuid);

/** The replica's events as the server's records (without its own month index). */
export async function localEventsOf(replica: SeriesReplica): Promise<CalendarEvent[]> {
  const events = (await replica.db.events.toArray()) as (CalendarEvent & {
    monthKeys?: string[];
  })[];
  return events.map(({ monthKeys: _, ...event }) => event).sort(byUuid);
}

/** Syncs, then checks the replica holds what the server has, with nothing pending. */
export async function expectSynced(
  replica: SeriesReplica,
  server: TestServer,
): Promise<CalendarEvent[]> {
  await replica.engine.syncNow();
  expect(await replica.db.outbox.count()).toBe(0);
  expect(await replica.db.problems.toArray()).toEqual([]);
  expect(await replica.db.shadows.count()).toBe(0);
  const truth = (await pull(server)).records.event.sort(byUuid);
  expect(await localEventsOf(replica)).toEqual(truth);
  return truth;
}
