/** The server's side of sync: pulling records and tombstones from checkpoints. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSyncRepo } from '#server/store/sync.repo.ts';
import { openStore } from '#server/store/open-store.ts';
import { at, createEvent } from '../support/events.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('pull', () => {
  it('returns every kind in the shared multilingual shape, then only what changed', async () => {
    const event = await createEvent(server, {
      title: 'Gig',
      start_date: at(1),
      end_date: at(1, 2),
      venue: { venue: 'Hall' },
      organizer: [{ organizer: 'Ann' }],
      categories: 'Jazz',
      tags: 'late',
    });
    const first = await pull(server);
    expect(first.records.event).toHaveLength(1);
    expect(first.records.event[0]).toMatchObject({
      id: event.id,
      title: { en: 'Gig' },
      start: at(1),
      timezone: 'UTC',
    });
    expect(first.records.event[0]?.venueUuid).toBe(first.records.venue[0]?.uuid);
    expect(first.records.event[0]?.categoryUuids).toEqual([first.records.category[0]?.uuid]);
    expect([first.records.organizer, first.records.tag].map((list) => list.length)).toEqual([1, 1]);
    expect(first.more).toBe(false);

    expect((await pull(server, first.checkpoint)).records.event).toEqual([]);
    await server.api(`/events/${event.id}`, { as: 'owner', json: { title: 'Gig!' } });
    const next = await pull(server, first.checkpoint);
    expect(next.records.event.map((e) => e.title.en)).toEqual(['Gig!']);
    expect(next.records.venue).toEqual([]);
  });

  it('pages through one large change without losing or repeating records', async () => {
    await createEvent(server, {
      title: 'Big',
      start_date: at(1),
      end_date: at(1, 2),
      venue: { venue: 'V' },
      organizer: [{ organizer: 'A' }, { organizer: 'B' }],
      categories: 'C1,C2',
      tags: 'T1,T2',
    });
    const seen: string[] = [];
    let checkpoint = '0';
    for (let page = 0; page < 20; page += 1) {
      const batch = await pull(server, checkpoint, { limit: 2 });
      seen.push(
        ...Object.values(batch.records).flatMap((list) => list.map((record) => record.uuid)),
      );
      checkpoint = batch.checkpoint;
      if (!batch.more) break;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it('is for editors, and refuses malformed checkpoints', async () => {
    expectError(await server.request('/wp-json/marquee/v1/sync/pull'), 401, 'rest_forbidden');
    expectError(
      await server.request('/wp-json/marquee/v1/sync/pull', { as: 'author' }),
      403,
      'rest_forbidden',
    );
    expectError(
      await server.request('/wp-json/marquee/v1/sync/pull?since=abc', { as: 'editor' }),
      400,
      'rest_invalid_param',
    );
  });

  it('sends tombstones, and 409 once they were purged past a checkpoint', async () => {
    const event = await createEvent(server, {
      title: 'Gone',
      start_date: at(1),
      end_date: at(1, 2),
    });
    const before = await pull(server);
    await server.api(`/events/${event.id}?force=true`, { method: 'DELETE', as: 'owner' });
    const after = await pull(server, before.checkpoint);
    expect(after.tombstones).toEqual([
      { kind: 'event', uuid: before.records.event[0]?.uuid, rev: Number(after.checkpoint) },
    ]);

    const store = openStore(server.dataDir, { lock: false });
    expect(createSyncRepo(store.db).purgeTombstones('9999-01-01 00:00:00')).toBe(1);
    store.close();
    expectError(
      await server.request(`/wp-json/marquee/v1/sync/pull?since=${before.checkpoint}`, {
        as: 'editor',
      }),
      409,
      'marquee_sync_reset',
    );
    expect((await pull(server, after.checkpoint)).tombstones).toEqual([]);
  });
});
