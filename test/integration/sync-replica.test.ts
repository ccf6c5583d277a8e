/**
 * The replica as a store: several tabs on one replica, a checkpoint the server
 * forgot (after `marquee compact`), and upgrades of the Dexie schema.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { pullResponseSchema } from '#shared/schemas/sync.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { pullPass } from '#renderer/data/sync/passes.ts';
import { ReplicaResetError } from '#shared/sync/replica-client.ts';
import { runCli } from '../support/cli-process.ts';
import { at, createEvent, eventOf } from '../support/events.ts';
import { linkedTransport, openReplica, type Link, type Replica } from '../support/replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
const opened: Replica[] = [];
const open = (options: Parameters<typeof openReplica>[1] = {}) => {
  const replica = openReplica(link, options);
  opened.push(replica);
  return replica;
};

beforeEach(async () => {
  server = await startTestServer();
  link = { url: server.url, online: true, loseNextPushAnswer: false };
});
afterEach(async () => {
  for (const replica of opened.splice(0)) {
    await replica.engine.stop();
    replica.db.close();
  }
  await server.close();
});

const gig = { title: { en: 'Gig' }, start: at(1), end: at(1, 2) };

async function onlyEvent() {
  const list = (await server.api('/events', { as: 'owner' })).body as { events: { id: number }[] };
  expect(list.events).toHaveLength(1);
  return eventOf(await server.api(`/events/${list.events[0]?.id}`));
}

describe('several tabs on one replica', () => {
  it('see each other’s edits at once, and each edit reaches the server once', async () => {
    const applied: number[] = [];
    const transport = linkedTransport(link, (_request, response) => {
      for (const result of response.results)
        if (result.status === 'applied') applied.push(result.mutationId);
    });
    const first = open({ transport });
    const second = open({ factory: first.factory, name: first.name, transport });
    first.engine.start();
    second.engine.start();

    const uuid = await first.records.create('event', gig);
    expect(await second.records.get('event', uuid)).toMatchObject({ title: { en: 'Gig' } });
    await Promise.all([
      second.records.update('event', uuid, { cost: '8' }),
      first.records.update('event', uuid, { featured: true }),
      first.engine.syncNow(),
      second.engine.syncNow(),
    ]);
    await first.engine.syncNow();
    await second.engine.syncNow();

    expect(applied.sort()).toEqual([1, 2, 3]);
    expect(await onlyEvent()).toMatchObject({ title: 'Gig', cost: '$8', featured: true });
    const seen = await first.records.get('event', uuid);
    expect(seen).toMatchObject({ cost: '8', featured: true });
    expect(await second.records.get('event', uuid)).toEqual(seen);
    expect([first.engine.status().state, second.engine.status().state]).toEqual([
      'synced',
      'synced',
    ]);
  });
});

describe('a checkpoint the server forgot', () => {
  it('fetches everything again, drops what was deleted, and keeps unsent changes', async () => {
    const replica = open();
    const kept = await createEvent(server, {
      title: 'Kept',
      start_date: at(1),
      end_date: at(1, 1),
    });
    const gone = await createEvent(server, {
      title: 'Gone',
      start_date: at(2),
      end_date: at(2, 1),
    });
    await replica.engine.syncNow();
    const keptUuid = (await replica.db.events.where('id').equals(kept.id).first())?.uuid ?? '';

    link.online = false;
    await replica.records.update('event', keptUuid, { cost: 'mine' });
    await server.api(`/events/${gone.id}?force=true`, { as: 'owner', method: 'DELETE' });
    const compacted = await runCli(['compact', '--days', '0', '--data', server.dataDir]);
    expect(compacted.stdout).toContain('Forgot 1 deletion');
    link.online = true;

    // Pulled before the change is pushed: it must survive the refetch.
    const clientId = String((await replica.db.meta.get('clientId'))?.value);
    const since = String((await replica.db.meta.get('checkpoint'))?.value);
    await expect(replica.transport.pull({ since, limit: 50, clientId })).rejects.toThrow(
      ReplicaResetError,
    );
    // The pass restarts from 0 by itself.
    await pullPass(replica.db, replica.transport, clientId, 50);
    const events = await replica.db.events.toArray();
    expect(events.map((event) => [event.title.en, event.cost])).toEqual([['Kept', 'mine']]);

    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ state: 'synced', pending: 0 });
    expect(eventOf(await server.api(`/events/${kept.id}`)).cost).toBe('mine');
  });

  it('pages through a full refetch after a compaction, records older than the horizon too', async () => {
    for (const day of [1, 2, 3]) {
      await createEvent(server, { title: `Old ${day}`, start_date: at(day), end_date: at(day, 1) });
    }
    const gone = await createEvent(server, {
      title: 'Gone',
      start_date: at(4),
      end_date: at(4, 1),
    });
    await server.api(`/events/${gone.id}?force=true`, { as: 'owner', method: 'DELETE' });
    await runCli(['compact', '--days', '0', '--data', server.dataDir]);
    // Page by page from 0: every page's checkpoint is older than the horizon, and is served.
    const titles: string[] = [];
    let since = '0';
    for (let page = 0; page < 10; page += 1) {
      const reply = await server.request(`/wp-json/marquee/v1/sync/pull?since=${since}&limit=1`, {
        as: 'owner',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const body = pullResponseSchema.parse(reply.body);
      titles.push(...body.records.event.map((event) => event.title.en ?? ''));
      since = body.checkpoint;
      if (!body.more) break;
    }
    expect(titles).toEqual(['Old 1', 'Old 2', 'Old 3']);
    // An incremental checkpoint from before the horizon still cannot be served.
    const stale = await server.request('/wp-json/marquee/v1/sync/pull?since=1.0.1', {
      as: 'owner',
    });
    expect(stale.status).toBe(409);
  });

  it('recovers by itself when syncing', async () => {
    const replica = open();
    const gone = await createEvent(server, {
      title: 'Gone',
      start_date: at(2),
      end_date: at(2, 1),
    });
    await replica.engine.syncNow();
    await server.api(`/events/${gone.id}?force=true`, { as: 'owner', method: 'DELETE' });
    await runCli(['compact', '--days', '0', '--data', server.dataDir]);
    await createEvent(server, { title: 'New', start_date: at(3), end_date: at(3, 1) });
    await replica.engine.syncNow();
    expect(replica.engine.status().state).toBe('synced');
    expect((await replica.db.events.toArray()).map((event) => event.title.en)).toEqual(['New']);
  });
});

describe('a calendar written in one revision (an import)', () => {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee test//EN',
    ...[1, 2, 3].flatMap((n) => [
      'BEGIN:VEVENT',
      `UID:one-revision-${n}@example.com`,
      `DTSTART:2027010${n}T190000Z`,
      `DTEND:2027010${n}T210000Z`,
      `SUMMARY:Night ${n}`,
      `CATEGORIES:Jazz ${n}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  const page = async (since: string, limit: number) => {
    const reply = await server.request(
      `/wp-json/marquee/v1/sync/pull?since=${since}&limit=${limit}`,
      { as: 'owner' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return pullResponseSchema.parse(reply.body);
  };

  it('serves its categories before the events that name them', async () => {
    const imported = await server.request('/wp-json/marquee/v1/import?format=ics', {
      as: 'owner',
      text: ics,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const first = await page('0', 3);
    expect(first.records.category.map((term) => term.name.en)).toEqual([
      'Jazz 1',
      'Jazz 2',
      'Jazz 3',
    ]);
    expect(first.records.event).toEqual([]);
    const second = await page(first.checkpoint, 3);
    expect(second.records.event.map((event) => event.title.en)).toEqual([
      'Night 1',
      'Night 2',
      'Night 3',
    ]);
  });

  it('serves the revision again from its start for a checkpoint of the order before', async () => {
    await server.request('/wp-json/marquee/v1/import?format=ics', { as: 'owner', text: ics });
    const whole = await page('0', 100);
    const { rev, id } = whole.records.event[0]!;
    // Posts came first then (source 0): terms of the revision were still to come.
    const resumed = await page(`0:${rev}.0.${id}`, 100);
    expect(resumed.records.category).toHaveLength(3);
    expect(resumed.records.event).toHaveLength(3);
  });
});

/** The tables of version 1, as the first release created them. */
const V1_STORES = {
  events: 'uuid, id, rev, startUtc, endUtc, status',
  venues: 'uuid, id, rev, status',
  organizers: 'uuid, id, rev, status',
  categories: 'uuid, id, rev, parentUuid',
  tags: 'uuid, id, rev',
  outbox: 'mutationId, uuid',
  problems: 'mutationId, uuid',
  shadows: 'uuid',
  meta: 'key',
};

describe('schema upgrades', () => {
  it('opens a version 1 replica with its records, outbox and checkpoint intact, terms with a colour, events with no series', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('marquee-v1', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores(V1_STORES);
    const venueUuid = crypto.randomUUID();
    const stored = {
      uuid: crypto.randomUUID(),
      id: 7,
      rev: 3,
      venueUuid,
      title: { en: 'Old' },
      startUtc: '2026-12-31 20:00:00',
      endUtc: '2027-01-01 02:00:00',
    };
    await old.table('events').put(stored);
    const category = { uuid: crypto.randomUUID(), id: 2, rev: 2, name: { en: 'Jazz' } };
    await old.table('categories').put(category);
    await old.table('outbox').put({ mutationId: 1, uuid: stored.uuid, kind: 'event' });
    await old.table('meta').put({ key: 'checkpoint', value: '3' });
    old.close();

    const upgraded = new MarqueeDB('marquee-v1', { indexedDB: factory, IDBKeyRange });
    const byVenue = await upgraded.events.where('venueUuid').equals(venueUuid).toArray();
    expect(byVenue).toEqual([
      // Events pulled before series are neither a series nor an occurrence.
      {
        ...stored,
        monthKeys: ['2026-12', '2027-01'],
        recurrence: null,
        recurrenceId: null,
      } as unknown as CalendarEvent,
    ]);
    expect(await upgraded.outbox.count()).toBe(1);
    expect((await upgraded.meta.get('checkpoint'))?.value).toBe('3');
    // Terms pulled before colours existed get none chosen.
    expect(await upgraded.categories.get(category.uuid)).toEqual({ ...category, color: '' });
    expect(upgraded.verno).toBe(6);
    upgraded.close();
  });
});
