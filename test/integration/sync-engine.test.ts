/** The renderer's replica and sync engine against a real server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { at, createEvent, eventOf } from '../support/events.ts';
import { eventually, openReplica, type Link, type Replica } from '../support/replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
let replica: Replica;

beforeEach(async () => {
  server = await startTestServer();
  link = { url: server.url, online: true, loseNextPushAnswer: false };
  replica = openReplica(link);
});
afterEach(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

const gig = { title: { en: 'Gig' }, start: '2026-12-01 20:00:00', end: '2026-12-01 22:00:00' };

async function serverEvents() {
  return (await server.api('/events?per_page=50', { as: 'owner' })).body as {
    events: { id: number; title: string; cost: string }[];
  };
}

describe('offline first', () => {
  it('keeps edits made offline and sends them once the server is back', async () => {
    link.online = false;
    const uuid = await replica.repo.create('event', gig);
    await replica.repo.update('event', uuid, { cost: '10€', title: { de: 'Konzert' } });
    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ state: 'offline', pending: 2 });
    const local = (await replica.repo.get('event', uuid)) as CalendarEvent;
    expect(local).toMatchObject({
      title: { en: 'Gig', de: 'Konzert' },
      cost: '10€',
      startUtc: '2026-12-01 20:00:00',
    });

    link.online = true;
    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ state: 'synced', pending: 0 });
    const synced = (await replica.repo.get('event', uuid)) as CalendarEvent;
    expect(synced.id).toBeGreaterThan(0);
    expect(eventOf(await server.api(`/events/${synced.id}?language=de`))).toMatchObject({
      title: 'Konzert',
      cost: '10€',
    });
  });

  it('brings server-side changes, on demand and when the server pokes', async () => {
    const event = await createEvent(server, {
      title: 'From the web',
      start_date: at(1),
      end_date: at(1, 1),
    });
    await replica.engine.syncNow();
    expect((await replica.db.events.toArray()).map((e) => e.title.en)).toEqual(['From the web']);

    replica.engine.start();
    await eventually(() => replica.engine.status().state === 'synced');
    await server.api(`/events/${event.id}`, { as: 'owner', json: { title: 'Renamed on the web' } });
    await eventually(
      async () => (await replica.db.events.toArray())[0]?.title.en === 'Renamed on the web',
    );
  });

  it('applies a change once even when the server’s answer was lost and it is sent again', async () => {
    await replica.repo.create('event', gig);
    link.loseNextPushAnswer = true;
    await replica.engine.syncNow();
    expect(replica.engine.status().state).toBe('offline');
    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ state: 'synced', pending: 0 });
    expect((await serverEvents()).events).toHaveLength(1);
  });
});

describe('requests to sync', () => {
  it('never drops one that arrives while the last pass is finishing', async () => {
    let pulls = 0;
    const counted = openReplica(link, {
      transport: {
        ...replica.transport,
        pull: (...args) => {
          pulls += 1;
          return replica.transport.pull(...args);
        },
      },
    });
    let poked = false;
    // The status goes out as a pass ends: a poke right then must still get its own pass.
    counted.engine.subscribe((status) => {
      if (status.syncing || poked || pulls === 0) return;
      poked = true;
      void counted.engine.syncNow();
    });
    await counted.engine.syncNow();
    await eventually(() => pulls === 2 && !counted.engine.status().syncing);
    counted.db.close();
  });
});

describe('conflicts', () => {
  async function sharedEvent() {
    const event = await createEvent(server, {
      title: 'Base',
      start_date: at(1),
      end_date: at(1, 2),
    });
    await replica.engine.syncNow();
    const uuid = (await replica.db.events.toArray())[0]?.uuid ?? '';
    return { id: event.id, uuid };
  }

  it('merges edits of different fields made on both sides', async () => {
    const { id, uuid } = await sharedEvent();
    link.online = false;
    await replica.repo.update('event', uuid, { cost: '7€' });
    await server.api(`/events/${id}`, { as: 'owner', json: { title: 'Web title' } });
    link.online = true;
    await replica.engine.syncNow();
    expect(replica.engine.status().state).toBe('synced');
    expect(await replica.repo.get('event', uuid)).toMatchObject({
      title: { en: 'Web title' },
      cost: '7€',
    });
    expect(eventOf(await server.api(`/events/${id}`))).toMatchObject({
      title: 'Web title',
      cost: '7€',
    });
  });

  it('surfaces edits of the same field as a conflict, shows the server’s version, and keeps mine on request', async () => {
    const { id, uuid } = await sharedEvent();
    link.online = false;
    await replica.repo.update('event', uuid, { title: { en: 'My title' } });
    await server.api(`/events/${id}`, { as: 'owner', json: { title: 'Web title' } });
    link.online = true;
    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ state: 'conflict', problems: 1 });
    const [problem] = await replica.db.problems.toArray();
    expect(problem).toMatchObject({
      status: 'conflict',
      fields: { title: { en: 'My title' } },
      server: { title: { en: 'Web title' } },
    });
    expect(await replica.repo.get('event', uuid)).toMatchObject({ title: { en: 'Web title' } });

    await replica.repo.update('event', uuid, problem?.fields ?? {});
    await replica.db.problems.clear();
    await replica.engine.syncNow();
    expect(eventOf(await server.api(`/events/${id}`)).title).toBe('My title');
  });

  it('files what the server refuses as a problem and shows the server’s version again', async () => {
    const uuid = await replica.repo.create('event', { ...gig, title: { en: 'Fine' } });
    await replica.repo.update('event', uuid, { author: 999 });
    await replica.engine.syncNow();
    const problems = await replica.db.problems.toArray();
    expect(problems.map((p) => [p.status, p.error?.code])).toEqual([
      ['rejected', 'rest_invalid_param'],
    ]);
    expect(await replica.repo.get('event', uuid)).toMatchObject({
      title: { en: 'Fine' },
      website: null,
    });
  });
});
