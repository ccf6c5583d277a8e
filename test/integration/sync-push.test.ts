/** The server's side of sync: push, field-level merge, conflicts, pokes, the editor's session. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventOf } from '../support/events.ts';
import { pull, push } from '../support/sync.ts';
import { OWNER_KEY, startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const CLIENT = 'client-aaaa-1';

describe('push', () => {
  const newEvent = (mutationId: number, uuid: string, fields: Record<string, unknown> = {}) => ({
    mutationId,
    kind: 'event',
    op: 'create',
    uuid,
    baseRev: 0,
    fields: {
      title: { en: 'Offline gig', de: 'Offline-Konzert' },
      start: '2026-12-01 20:00:00',
      end: '2026-12-01 22:00:00',
      ...fields,
    },
  });

  it('creates records with the client’s uuid, in every language sent, through the REST rules', async () => {
    const uuid = randomUUID();
    const reply = await push(server, CLIENT, [newEvent(1, uuid, { cost: '12€' })]);
    expect(reply.results).toEqual([
      { mutationId: 1, status: 'applied', rev: Number(reply.checkpoint) },
    ]);
    expect(reply.lastMutationId).toBe(1);
    const record = (await pull(server)).records.event[0];
    expect(record).toMatchObject({
      uuid,
      title: { en: 'Offline gig', de: 'Offline-Konzert' },
      cost: '12€',
      timezone: 'UTC',
    });
    expect(eventOf(await server.api(`/events/${record?.id}?language=de`)).title).toBe(
      'Offline-Konzert',
    );
  });

  it('applies each mutation once, however often it is sent, answering the same each time', async () => {
    const mutation = newEvent(1, randomUUID());
    const first = await push(server, CLIENT, [mutation]);
    const again = await push(server, CLIENT, [mutation]);
    expect(again).toMatchObject({ lastMutationId: 1, results: first.results });
    expect((await pull(server)).records.event).toHaveLength(1);
  });

  it('answers a refused mutation sent again with the same refusal (its answer may have been lost)', async () => {
    const refused = newEvent(1, randomUUID(), { title: undefined });
    const first = await push(server, CLIENT, [refused]);
    expect(first.results[0]).toMatchObject({ status: 'rejected' });
    const again = await push(server, CLIENT, [refused, newEvent(2, randomUUID())]);
    expect(again.results).toEqual([
      first.results[0],
      expect.objectContaining({ status: 'applied' }),
    ]);
    expect(again.lastMutationId).toBe(2);
  });

  it('merges a stale edit of other fields, and reports a conflict on the same field', async () => {
    const event = await createEvent(server, {
      title: 'Base',
      start_date: at(1),
      end_date: at(1, 2),
    });
    const base = (await pull(server)).records.event[0];
    await server.api(`/events/${event.id}`, { as: 'owner', json: { title: 'Server title' } });
    const merged = await push(server, CLIENT, [
      {
        mutationId: 1,
        kind: 'event',
        op: 'update',
        uuid: base?.uuid,
        baseRev: base?.rev,
        fields: { cost: '5€', title: { de: 'Deutscher Titel' } },
      },
    ]);
    expect(merged.results[0]?.status).toBe('applied');
    const conflict = await push(server, CLIENT, [
      {
        mutationId: 2,
        kind: 'event',
        op: 'update',
        uuid: base?.uuid,
        baseRev: base?.rev,
        fields: { title: { en: 'Client title' } },
      },
    ]);
    expect(conflict.results[0]).toMatchObject({
      status: 'conflict',
      record: { title: { en: 'Server title', de: 'Deutscher Titel' }, cost: '5€' },
    });
    expect(eventOf(await server.api(`/events/${event.id}`)).title).toBe('Server title');
  });

  it('rejects what the REST API would refuse, naming why, and goes on with the rest', async () => {
    const reply = await push(server, CLIENT, [
      {
        mutationId: 1,
        kind: 'event',
        op: 'create',
        uuid: randomUUID(),
        baseRev: 0,
        fields: { start: '2026-12-01 20:00:00', end: '2026-12-01 21:00:00' },
      },
      {
        mutationId: 2,
        kind: 'event',
        op: 'update',
        uuid: randomUUID(),
        baseRev: 1,
        fields: { cost: '1' },
      },
      {
        mutationId: 3,
        kind: 'tag',
        op: 'create',
        uuid: randomUUID(),
        baseRev: 0,
        fields: { name: { en: 'Fine' } },
      },
      {
        mutationId: 4,
        kind: 'event',
        op: 'create',
        uuid: randomUUID(),
        baseRev: 0,
        fields: {
          title: { en: 'x' },
          start: '2026-12-01 20:00:00',
          end: '2026-12-01 21:00:00',
          venueUuid: randomUUID(),
        },
      },
    ]);
    expect(reply.results.map((result) => [result.status, result.error?.code])).toEqual([
      ['rejected', 'rest_missing_callback_param'],
      ['conflict', undefined],
      ['applied', undefined],
      ['rejected', 'rest_invalid_param'],
    ]);
    expect(reply.lastMutationId).toBe(4);
    const records = (await pull(server)).records;
    expect([records.event.length, records.tag.length]).toEqual([0, 1]);
  });

  it('refuses malformed pushes whole, changing nothing', async () => {
    expectError(
      await server.request('/wp-json/marquee/v1/sync/push', { as: 'editor', json: {} }),
      400,
      'rest_missing_callback_param',
    );
    for (const body of [
      { clientId: 'x', mutations: [] },
      {
        clientId: CLIENT,
        mutations: [
          { mutationId: 1, kind: 'event', op: 'create', uuid: 'nope', baseRev: 0, fields: {} },
        ],
      },
      {
        clientId: CLIENT,
        mutations: [
          {
            mutationId: 1,
            kind: 'event',
            op: 'update',
            uuid: randomUUID(),
            baseRev: 0,
            fields: { id: 5 },
          },
        ],
      },
    ]) {
      expectError(
        await server.request('/wp-json/marquee/v1/sync/push', { as: 'editor', json: body }),
        400,
        'rest_invalid_param',
      );
    }
    expect((await pull(server, '0', { clientId: CLIENT })).lastMutationId).toBe(0);
  });

  it('keeps a client to the user who started it', async () => {
    await push(server, CLIENT, [newEvent(1, randomUUID())]);
    expectError(
      await server.request('/wp-json/marquee/v1/sync/push', {
        as: 'admin',
        json: { clientId: CLIENT, mutations: [] },
      }),
      403,
      'rest_forbidden',
    );
  });
});

describe('stream and session', () => {
  it('pokes stream listeners after each change', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/wp-json/marquee/v1/sync/stream`, {
      headers: { authorization: `Bearer ${server.tokens.editor}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil(/event: hello/);
    await createEvent(server, { title: 'Poke', start_date: at(1), end_date: at(1, 1) });
    await readUntil(/event: change\ndata: \{"seq":\d+\}/);
    controller.abort();
  });

  it('answers a HEAD on the stream with its headers, and ends', async () => {
    const response = await fetch(`${server.url}/wp-json/marquee/v1/sync/stream`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${server.tokens.editor}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The answer ends, so its (empty) body can be read to the end.
    expect(await response.text()).toBe('');
  });

  it('gives a page with the owner key a session, whose writes need the CSRF token', async () => {
    const opened = await fetch(`${server.url}/wp-json/marquee/v1/session`, {
      method: 'POST',
      headers: { 'x-marquee-key': OWNER_KEY },
    });
    const { csrfToken, user } = (await opened.json()) as {
      csrfToken: string;
      user: { name: string; role: string };
    };
    expect(user).toMatchObject({ name: 'admin', role: 'admin' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(opened.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    const body = JSON.stringify({ venue: 'Session venue' });
    const headers = { cookie, 'content-type': 'application/json' };
    const refused = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      method: 'POST',
      headers,
      body,
    });
    expect(refused.status).toBe(403);
    const accepted = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      method: 'POST',
      headers: { ...headers, 'x-marquee-csrf': csrfToken },
      body,
    });
    expect(accepted.status).toBe(201);
    expect(
      (await fetch(`${server.url}/wp-json/marquee/v1/sync/pull`, { headers: { cookie } })).status,
    ).toBe(200);
  });

  it('gives a reloaded page, which has the cookie but lost its token, its session again', async () => {
    const openSession = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/wp-json/marquee/v1/session`, { method: 'POST', headers });
    const first = await openSession({ 'x-marquee-key': OWNER_KEY });
    const { csrfToken: firstToken } = (await first.json()) as { csrfToken: string };
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    // No key: the cookie alone names the session (a second tab, a reload), and no new one opens.
    const reloaded = await openSession({ cookie });
    expect(reloaded.status).toBe(200);
    expect(reloaded.headers.get('set-cookie')).toBeNull();
    const { csrfToken } = (await reloaded.json()) as { csrfToken: string };
    expect(csrfToken).toBe(firstToken);
    const write = (headers: Record<string, string>) =>
      fetch(`${server.url}/wp-json/marquee/v1/sync/push`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ clientId: 'reloaded-page', mutations: [] }),
      });
    expect((await write({ 'x-marquee-csrf': csrfToken })).status).toBe(200);
    expect((await write({ 'x-marquee-csrf': 'another page' })).status).toBe(403);
  });
});
