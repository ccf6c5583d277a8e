/**
 * Answers prepared once per change (list selections, linked records and events' JSON
 * kept between requests) never outlive what they were made from: the next change, another
 * language, a settings change, another caller, another host. Each step asks with a token
 * first after a change or in a shape not asked before, so the answer comes from the prepared
 * parts and not from the response cache (which keeps a token's answers per caller).
 */
import etag from 'etag';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventListOf, eventOf } from '../support/events.ts';
import { rawRequest } from '../support/raw-http.ts';
import {
  OWNER_TOKEN,
  startTestServer,
  type Caller,
  type TestServer,
} from '../support/test-server.ts';
import { createTerm } from '../support/terms.ts';
import { createVenue } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const listed = async (query = '', as: Caller = 'owner') => {
  const reply = await server.api(`/events?per_page=5${query}`, { as });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return eventListOf(reply).events[0]!;
};
const single = async (id: number, query = '', as: Caller = 'owner') =>
  eventOf(await server.api(`/events/${id}${query}`, { as }));
/** An event `day` days ahead, two hours long. */
const event = (title: string, day: number, extra: object = {}) =>
  createEvent(server, { title, start_date: at(day), end_date: at(day, 2), ...extra });

describe('prepared answers', () => {
  it('follow the next change: the event’s own fields and the venue it links', async () => {
    const venue = await createVenue(server, { venue: 'Old Hall' });
    const concert = await event('Concert', 1, { venue: venue.id });
    expect(await listed()).toMatchObject({ title: 'Concert', venue: { venue: 'Old Hall' } });
    expect(await single(concert.id)).toMatchObject({ title: 'Concert' });

    await server.api(`/events/${concert.id}`, { as: 'owner', json: { title: 'Recital' } });
    expect(await listed()).toMatchObject({ title: 'Recital', venue: { venue: 'Old Hall' } });
    expect(await single(concert.id)).toMatchObject({ title: 'Recital' });

    await server.api(`/venues/${venue.id}`, { as: 'owner', json: { venue: 'New Hall' } });
    expect(await listed()).toMatchObject({ venue: { venue: 'New Hall' } });
    expect(await single(concert.id)).toMatchObject({ venue: { venue: 'New Hall' } });
  });

  it('are made per language, per settings version, per caller and per host', async () => {
    const concert = await event('Concert', 1, { description: 'Bring a friend.', cost: '10' });
    await server.api(`/events/${concert.id}?lang=de`, { as: 'owner', json: { title: 'Konzert' } });
    expect((await listed()).title).toBe('Concert');
    expect((await listed('&lang=de')).title).toBe('Konzert');
    expect((await single(concert.id, '?lang=de')).title).toBe('Konzert');

    // Settings are no change to the calendar's records, and still change their answers.
    const before = await listed();
    expect(before.url).not.toContain('venue.example');
    const patched = await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'PATCH',
      json: { publicUrls: { event: 'https://venue.example/events/{id}/' } },
    });
    expect(patched.status).toBe(200);
    expect((await listed()).url).toBe(`https://venue.example/events/${concert.id}/`);
    expect((await single(concert.id)).url).toBe(`https://venue.example/events/${concert.id}/`);

    // Protected: the owner reads it, a visitor and a contributor get it redacted.
    await server.api(`/events/${concert.id}`, { as: 'owner', json: { password: 'sesame' } });
    expect((await listed()).description).toContain('Bring a friend.');
    for (const caller of ['anonymous', 'contributor'] as const)
      expect((await listed('', caller)).description).not.toContain('Bring a friend.');
    expect((await listed('&password=sesame', 'contributor')).description).toContain(
      'Bring a friend.',
    );

    // Each host its own URLs (fetch cannot send another Host).
    const port = Number(new URL(server.url).port);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const reply = await rawRequest(port, {
        method: 'GET',
        path: '/wp-json/tribe/events/v1/events',
        headers: { host, authorization: `Bearer ${OWNER_TOKEN}` },
      });
      expect(reply.status).toBe(200);
      const first = eventListOf({ ...reply, headers: new Headers(), body: JSON.parse(reply.text) });
      expect(first.events[0]!.rest_url).toContain(`//${host}/`);
    }
  });

  it('embed venues and terms made once for one event as each later event’s caller, language, URLs and settings show them', async () => {
    const venue = await createVenue(server, {
      venue: 'Hall',
      description: 'Up the stairs.',
      password: 'sesame',
    });
    await server.api(`/venues/${venue.id}?lang=de`, { as: 'owner', json: { venue: 'Halle' } });
    const jazz = await createTerm(server, 'categories', { name: 'Jazz' });
    await server.api(`/categories/${jazz.id}?lang=de`, {
      as: 'owner',
      json: { name: 'Jazz (de)' },
    });
    for (let day = 1; day <= 8; day += 1)
      await event(`Night ${day}`, day, { venue: venue.id, categories: [jazz.id] });
    // Each page a new event: its JSON is made now, its venue's and term's may be kept from an
    // earlier one.
    let page = 0;
    const next = async (
      query = '',
      as: Caller = 'owner',
      path = '/wp-json/tribe/events/v1/events?',
    ) => {
      page += 1;
      const reply = await server.request(`${path}per_page=1&page=${page}${query}`, { as });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const listed = eventListOf(reply).events[0]!;
      return { venue: listed.venue as Record<string, unknown>, category: listed.categories[0]! };
    };
    expect(await next()).toMatchObject({
      venue: { venue: 'Hall', description: '<p>Up the stairs.</p>' },
      category: {
        name: 'Jazz',
        urls: { self: `${server.url}/wp-json/tribe/events/v1/categories/${jazz.id}` },
      },
    });
    expect(await next('&lang=de')).toMatchObject({
      venue: { venue: 'Halle' },
      category: { name: 'Jazz (de)' },
    });
    expect((await next('', 'anonymous')).venue).toMatchObject({ venue: 'Hall', description: '' });
    expect((await next()).venue).toMatchObject({ description: '<p>Up the stairs.</p>' });
    expect(
      (await next('', 'owner', '/?rest_route=/tribe/events/v1/events&')).category.urls.self,
    ).toBe(`${server.url}/?rest_route=/tribe/events/v1/categories/${jazz.id}`);

    const patched = await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'PATCH',
      json: { publicUrls: { venue: 'https://venue.example/venues/{id}/' } },
    });
    expect(patched.status).toBe(200);
    expect((await next()).venue).toMatchObject({
      url: `https://venue.example/venues/${venue.id}/`,
    });
  });

  it('keep a list’s selection through writes of events, as the filter selects them now', async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 12; day += 1)
      ids.push((await event(`Night ${day}`, day, { status: 'publish' })).id);
    /** The list after a write (never the response cache), and the same list asked a new way. */
    const both = async () => {
      const kept = eventListOf(await server.api('/events?per_page=50', { as: 'owner' }));
      const fresh = eventListOf(
        await server.api(`/events?per_page=50&starts_after=2000-01-0${++asked} 00:00:00`, {
          as: 'owner',
        }),
      );
      return { kept, fresh };
    };
    let asked = 0;
    await both();
    await createEvent(server, { title: 'Opening', start_date: at(0, 3), end_date: at(0, 5) });
    await both(); // asked again after a change: the selection is kept from here on

    const writes: (() => Promise<unknown>)[] = [
      () => createEvent(server, { title: 'Late add', start_date: at(5, 1), end_date: at(5, 3) }),
      () =>
        server.api(`/events/${ids[2]!}`, {
          as: 'owner',
          json: { start_date: at(9, 4), end_date: at(9, 6) },
        }),
      () => server.api(`/events/${ids[4]!}`, { as: 'owner', json: { status: 'draft' } }),
      () => server.api(`/events/${ids[6]!}`, { as: 'owner', method: 'DELETE' }),
      () => server.api(`/events/${ids[7]!}?force=true`, { as: 'owner', method: 'DELETE' }),
      () => server.api(`/events/${ids[6]!}`, { as: 'owner', json: { status: 'publish' } }),
    ];
    for (const write of writes) {
      await write();
      const { kept, fresh } = await both();
      expect(kept.events.map((event) => event.id)).toEqual(fresh.events.map((event) => event.id));
      expect(kept.total).toBe(fresh.total);
    }
    const { kept } = await both();
    expect(kept.events.map((event) => event.title)).toContain('Late add');
    expect(kept.events.map((event) => event.id)).not.toContain(ids[7]);
  });

  it('keep events’ JSON through writes of other events, with their terms’ counts as now', async () => {
    const jazz = await createTerm(server, 'categories', { name: 'Jazz' });
    const free = await createTerm(server, 'tags', { name: 'Free' });
    const first = await event('First', 1, { categories: [jazz.id], tags: [free.id] });
    const second = await event('Second', 2, { categories: [jazz.id] });
    await event('Plain', 3);
    /** Each listed event’s title and its terms’ counts, asked after a write (never cached). */
    const shown = async () =>
      Object.fromEntries(
        eventListOf(await server.api('/events?per_page=50', { as: 'owner' })).events.map(
          (listed) => [
            listed.title,
            [...listed.categories, ...listed.tags].map((term) => `${term.name} ${term.count}`),
          ],
        ),
      );
    expect(await shown()).toEqual({
      First: ['Jazz 2', 'Free 1'],
      Second: ['Jazz 2'],
      Plain: [],
    });

    const third = await event('Third', 4, { categories: [jazz.id], tags: [free.id] });
    expect(await shown()).toMatchObject({ First: ['Jazz 3', 'Free 2'], Second: ['Jazz 3'] });
    await server.api(`/events/${third.id}`, { as: 'owner', json: { status: 'draft' } });
    expect(await shown()).toMatchObject({ First: ['Jazz 2', 'Free 1'], Second: ['Jazz 2'] });
    await server.api(`/events/${second.id}`, { as: 'owner', json: { title: 'Second set' } });
    expect(await shown()).toEqual({
      First: ['Jazz 2', 'Free 1'],
      'Second set': ['Jazz 2'],
      Plain: [],
      Third: ['Jazz 2', 'Free 1'], // a draft, counted by no term
    });
    await server.api(`/events/${first.id}`, { as: 'owner', json: { categories: [] } });
    expect(await shown()).toMatchObject({ First: ['Free 1'], 'Second set': ['Jazz 1'] });
    await server.api(`/events/${third.id}`, { as: 'owner', json: { status: 'publish' } });
    await server.api(`/events/${first.id}?force=true`, { as: 'owner', method: 'DELETE' });
    expect(await shown()).toEqual({
      'Second set': ['Jazz 2'],
      Plain: [],
      Third: ['Jazz 2', 'Free 1'],
    });
  });

  it('give lists and events an ETag that follows their bytes, without hashing them again', async () => {
    const first = await event('Concert', 1);
    await event('Recital', 2);
    const ask = (path: string, tag?: string) =>
      // With If-None-Match, fetch sends Cache-Control: no-cache unless one is given.
      server.api(path, {
        as: 'owner',
        headers: tag ? { 'if-none-match': tag, 'cache-control': 'max-age=0' } : {},
      });
    for (const path of ['/events', `/events/${first.id}`]) {
      const answer = await ask(path);
      const tag = answer.headers.get('etag')!;
      expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      expect(tag.split('-')[0]).toBe(
        `W/"${Buffer.byteLength(JSON.stringify(answer.body)).toString(16)}`,
      );
      expect((await ask(path)).headers.get('etag')).toBe(tag);
      expect((await ask(path, tag)).status).toBe(304);
    }
    // The single event's tag is the etag package's own, from the same bytes.
    const single = await fetch(`${server.url}/wp-json/tribe/events/v1/events/${first.id}`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    expect(single.headers.get('etag')).toBe(
      etag(Buffer.from(await single.arrayBuffer()), { weak: true }),
    );

    const before = {
      list: (await ask('/events')).headers.get('etag')!,
      single: (await ask(`/events/${first.id}`)).headers.get('etag')!,
    };
    await server.api(`/events/${first.id}`, { as: 'owner', json: { title: 'Concerto' } });
    const list = await ask('/events', before.list);
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).not.toBe(before.list);
    expect((await ask(`/events/${first.id}`, before.single)).status).toBe(200);
    // Same events, another page size: other bytes, another tag.
    expect((await ask('/events?per_page=1')).headers.get('etag')).not.toBe(
      list.headers.get('etag'),
    );
  });

  it('keep an event read alone through writes of others, never past its own', async () => {
    const concert = await event('Concert', 1);
    const recital = await event('Recital', 2);
    const read = (query = '') => server.api(`/events/${concert.id}${query}`, { as: 'contributor' });
    const code = (reply: { body: unknown }) => (reply.body as { code: string }).code;
    expect(eventOf(await read()).title).toBe('Concert');
    await server.api(`/events/${recital.id}`, { as: 'owner', json: { title: 'Recital two' } });
    expect(eventOf(await read()).title).toBe('Concert');
    await server.api(`/events/${concert.id}`, { as: 'owner', json: { status: 'draft' } });
    expect(code(await read())).toBe('event-not-accessible');
    await server.api(`/events/${concert.id}`, {
      as: 'owner',
      json: { status: 'publish', password: 'sesame' },
    });
    expect(code(await read())).toBe('event-password-protected');
    expect(eventOf(await read('?password=sesame')).title).toBe('Concert');
    await server.api(`/events/${concert.id}?force=true`, { as: 'owner', method: 'DELETE' });
    expect((await read()).status).toBe(404);
  });
});
