/**
 * The CalDAV door's answers where clients differ in what they read: the well-known redirect,
 * OPTIONS, the principal's properties asked with another client's prefixes, the sync token's
 * precondition, a to-do refused with its precondition, a time-range query, and GET's ETag equal
 * to PROPFIND's getetag.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/common.ts';
import {
  QUIET_PEERS,
  serverPerTest,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

const start = serverPerTest(QUIET_PEERS);
let server: TestServer;
beforeEach(async () => {
  server = await start();
});

function dav(
  path: string,
  init: { method: string; body?: string; headers?: Record<string, string>; as?: Role },
) {
  const role = init.as ?? 'editor';
  const basic = Buffer.from(`${role} token:${server.tokens[role]}`).toString('base64');
  return fetch(`${server.url}${path}`, {
    method: init.method,
    redirect: 'manual',
    headers: { authorization: `Basic ${basic}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

const CALENDAR = '/dav/calendars/events/';

const SYNC = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

async function createEvent(title: string, start: string) {
  const end = start.replace(
    / (\d\d)/,
    (_, hour: string) => ` ${String(Number(hour) + 1).padStart(2, '0')}`,
  );
  const reply = await server.api('/events', {
    as: 'editor',
    json: { title, start_date: start, end_date: end },
  });
  expect(reply.status).toBe(201);
}

describe('CalDAV answers', () => {
  it('redirects the well-known address and the root, asks for a wrong password again, refuses broken XML', async () => {
    const redirect = await fetch(`${server.url}/.well-known/caldav`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/dav/');
    const root = await dav('/', { method: 'PROPFIND', headers: { depth: '0' } });
    expect(root.status).toBe(301);
    expect(root.headers.get('location')).toBe('/dav/');
    const wrong = await fetch(`${server.url}${CALENDAR}`, {
      method: 'PROPFIND',
      headers: { authorization: `Basic ${Buffer.from('editor token:not-it').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    const malformed = await dav(CALENDAR, { method: 'REPORT', body: '<d:sync-collection' });
    expect(malformed.status).toBe(400);
    const options = await fetch(`${server.url}${CALENDAR}`, { method: 'OPTIONS' });
    expect(options.headers.get('dav')).toContain('calendar-access');
    expect(options.headers.get('allow')).toContain('REPORT');
  });

  it('answers the principal asked with default-namespace prefixes, 404 for unknown properties', async () => {
    const reply = await dav('/dav/', {
      method: 'PROPFIND',
      headers: { depth: '0' },
      body: '<propfind xmlns="DAV:"><prop><current-user-principal/><calendar-home-set xmlns="urn:ietf:params:xml:ns:caldav"/><x-unknown xmlns="urn:other"/></prop></propfind>',
    });
    expect(reply.status).toBe(207);
    const xml = await reply.text();
    expect(xml).toContain(
      '<d:current-user-principal><d:href>/dav/principal/</d:href></d:current-user-principal>',
    );
    expect(xml).toContain(
      '<c:calendar-home-set><d:href>/dav/calendars/</d:href></c:calendar-home-set>',
    );
    expect(xml).toMatch(
      /<x-unknown xmlns="urn:other"\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/,
    );
  });

  it('answers an unknown or foreign sync token with DAV:valid-sync-token', async () => {
    for (const token of ['urn:marquee:sync:00000000-0000-0000-0000-000000000000:1', 'http://x/1']) {
      const reply = await dav(CALENDAR, { method: 'REPORT', body: SYNC(token) });
      expect(reply.status).toBe(403);
      expect(await reply.text()).toContain('<d:valid-sync-token/>');
    }
    const full = await dav(CALENDAR, { method: 'REPORT', body: SYNC('') });
    const token = /<d:sync-token>(.*?)<\/d:sync-token>/.exec(await full.text())![1]!;
    const ahead = token.replace(/:(\d+)$/, (_, rev: string) => `:${Number(rev) + 5}`);
    expect((await dav(CALENDAR, { method: 'REPORT', body: SYNC(ahead) })).status).toBe(403);
    expect((await dav(CALENDAR, { method: 'REPORT', body: SYNC(token) })).status).toBe(207);
  });

  it('refuses a to-do with CALDAV:supported-calendar-component and writes nothing', async () => {
    const todo = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Phone//EN',
      'BEGIN:VTODO',
      'UID:todo-1',
      'DTSTAMP:20261120T100000Z',
      'SUMMARY:Buy chairs',
      'END:VTODO',
      'END:VCALENDAR',
    ].join('\r\n');
    const reply = await dav(`${CALENDAR}todo-1.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar', 'if-none-match': '*' },
      body: todo,
    });
    expect(reply.status).toBe(403);
    expect(await reply.text()).toContain('<c:supported-calendar-component/>');
    const listed = (await server.api('/events?start_date=1900-01-01', { as: 'editor' })).body as {
      total: number;
    };
    expect(listed.total).toBe(0);
  });

  it('lists by time range, and GET gives the ETag PROPFIND lists', async () => {
    await createEvent('December gig', '2026-12-10 20:00:00');
    await createEvent('January gig', '2027-01-10 20:00:00');
    const query = await dav(CALENDAR, {
      method: 'REPORT',
      headers: { depth: '1' },
      body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20261201T000000Z" end="20270101T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    });
    const hrefs = [...(await query.text()).matchAll(/<d:href>(.*?)<\/d:href>/g)].map((m) => m[1]!);
    expect(hrefs).toHaveLength(1);
    const get = await dav(hrefs[0]!, { method: 'GET' });
    expect(await get.text()).toContain('SUMMARY:December gig');
    const listing = await dav(CALENDAR, {
      method: 'PROPFIND',
      headers: { depth: '1' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
    });
    const text = await listing.text();
    expect(text).toContain(`<d:href>${hrefs[0]}</d:href>`);
    expect(text).toContain(
      `<d:getetag>${get.headers.get('etag')!.replaceAll('"', '&quot;')}</d:getetag>`,
    );
  });

  it('refuses every PROPPATCH property with 403 in a 207', async () => {
    const reply = await dav(CALENDAR, {
      method: 'PROPPATCH',
      body: '<d:propertyupdate xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop><i:calendar-order>1</i:calendar-order></d:prop></d:set></d:propertyupdate>',
    });
    expect(reply.status).toBe(207);
    expect(await reply.text()).toContain(
      '<d:prop><ical:calendar-order/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status>',
    );
  });

  it('cleans a contributor’s text as every door does, and keeps it a draft', async () => {
    const event = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Phone//EN',
      'BEGIN:VEVENT',
      'UID:phone-html',
      'DTSTAMP:20261120T100000Z',
      'DTSTART:20261205T180000Z',
      'DTEND:20261205T190000Z',
      'SUMMARY:Open <b>mic</b><script>alert(1)</script>',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const put = await dav(`${CALENDAR}phone-html.ics`, {
      method: 'PUT',
      as: 'contributor',
      headers: { 'if-none-match': '*' },
      body: event,
    });
    expect(put.status).toBe(201);
    // A contributor's event is a draft until an editor publishes it, as through REST.
    const listed = (await server.api('/events?status=draft', { as: 'editor' })).body as {
      events: { title: string }[];
    };
    expect(listed.events).toHaveLength(1);
    expect(listed.events[0]!.title).not.toContain('<script');
  });

  it('answers a delta in the same statements whether the calendar holds 3 events or 60', async () => {
    const deltaCost = async () => {
      const full = await dav(CALENDAR, { method: 'REPORT', body: SYNC('') });
      const token = /<d:sync-token>(.*?)<\/d:sync-token>/.exec(await full.text())![1]!;
      await createEvent('Changed', '2026-12-20 10:00:00');
      const before = server.statementCount();
      const delta = await dav(CALENDAR, { method: 'REPORT', body: SYNC(token) });
      expect([...(await delta.text()).matchAll(/<d:response>/g)]).toHaveLength(1);
      return server.statementCount() - before;
    };
    for (let n = 0; n < 3; n += 1) await createEvent(`Small ${n}`, '2026-12-10 10:00:00');
    const small = await deltaCost();
    for (let n = 0; n < 57; n += 1) await createEvent(`Large ${n}`, '2026-12-11 10:00:00');
    expect(await deltaCost()).toBe(small);
  });

  it('refuses a token from before a change of settings that changed every object (their URL)', async () => {
    await createEvent('Gig', '2026-12-10 20:00:00');
    const full = await dav(CALENDAR, { method: 'REPORT', body: SYNC('') });
    const text = await full.text();
    const token = /<d:sync-token>(.*?)<\/d:sync-token>/.exec(text)![1]!;
    const etag = /<d:getetag>(.*?)<\/d:getetag>/.exec(text)![1]!;
    await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'PATCH',
      json: { publicUrls: { event: 'https://venue.example/events/{id}/' } },
    });
    const after = await dav(CALENDAR, { method: 'REPORT', body: SYNC('') });
    expect(/<d:getetag>(.*?)<\/d:getetag>/.exec(await after.text())![1]).not.toBe(etag);
    const stale = await dav(CALENDAR, { method: 'REPORT', body: SYNC(token) });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('<d:valid-sync-token/>');
  });

  it('keeps its ETags and sync tokens across a restart', async () => {
    await createEvent('Gig', '2026-12-10 20:00:00');
    const full = await dav(CALENDAR, { method: 'REPORT', body: SYNC('') });
    const text = await full.text();
    const token = /<d:sync-token>(.*?)<\/d:sync-token>/.exec(text)![1]!;
    const href = /<d:href>([^<]*\.ics)<\/d:href>/.exec(text)![1]!;
    const before = await dav(href, { method: 'GET' });
    const { dataDir } = server;
    await server.close(true);
    server = await startTestServer({ ...QUIET_PEERS, dataDir });
    try {
      const after = await dav(href, { method: 'GET' });
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
      expect(await after.text()).toBe(await before.text());
      const delta = await dav(CALENDAR, { method: 'REPORT', body: SYNC(token) });
      expect(delta.status).toBe(207);
      expect(await delta.text()).not.toContain('<d:response>');
    } finally {
      await server.close();
    }
  });
});
