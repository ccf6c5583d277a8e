/**
 * A phone's reminders over CalDAV, with a real server: a VALARM a person sends is kept for that
 * person (their later GETs and listings carry it, under an ETag of their own), shown to no one
 * else and by no other door, kept through edits made elsewhere, on the component it was set on
 * (an occurrence of a series too), and gone when the person's phone sends the event without it.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/common.ts';
import { serverPerTest, type TestServer } from '../support/test-server.ts';

const start = serverPerTest();
let server: TestServer;
beforeEach(async () => {
  server = await start();
});

const CALENDAR = '/dav/calendars/events/';

function dav(
  path: string,
  init: { method: string; body?: string; headers?: Record<string, string>; as: Role },
) {
  const basic = Buffer.from(`${init.as} token:${server.tokens[init.as]}`).toString('base64');
  return fetch(`${server.url}${path}`, {
    method: init.method,
    headers: { authorization: `Basic ${basic}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

const ALARM = [
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:Soon',
  'TRIGGER:-PT15M',
  'END:VALARM',
];

function object(uid: string, title: string, alarm: boolean, exception?: string[]) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test phone//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20271001T000000Z',
    'DTSTART:20271014T170000Z',
    'DTEND:20271014T190000Z',
    `SUMMARY:${title}`,
    ...(exception ? ['RRULE:FREQ=WEEKLY;COUNT=3'] : []),
    ...(alarm ? ALARM : []),
    'END:VEVENT',
    ...(exception ?? []),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const get = async (uid: string, as: Role) => {
  const reply = await dav(`${CALENDAR}${encodeURIComponent(uid)}.ics`, { method: 'GET', as });
  expect(reply.status).toBe(200);
  return { text: await reply.text(), etag: reply.headers.get('etag') ?? '' };
};

/** The calendar's Depth 1 listing (hrefs and ETags), as `as` sees it. */
async function listing(as: Role): Promise<string> {
  const reply = await dav(CALENDAR, {
    method: 'PROPFIND',
    as,
    headers: { depth: '1' },
    body: '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
  });
  return reply.text();
}

const listedEtag = (etag: string) => `<d:getetag>${etag.replaceAll('"', '&quot;')}</d:getetag>`;

it('keeps a reminder for the person who set it, and for nobody else', async () => {
  const uid = `${randomUUID()}@phone.example`;
  const put = await dav(`${CALENDAR}${encodeURIComponent(uid)}.ics`, {
    method: 'PUT',
    as: 'editor',
    headers: { 'if-none-match': '*', 'content-type': 'text/calendar' },
    body: object(uid, 'Choir rehearsal', true),
  });
  expect(put.status).toBe(201);

  const mine = await get(uid, 'editor');
  expect(mine.text).toContain('TRIGGER:-PT15M');
  expect(await listing('editor')).toContain(listedEtag(mine.etag));
  const theirs = await get(uid, 'admin');
  expect(theirs.text).toContain('SUMMARY:Choir rehearsal');
  expect(theirs.text).not.toContain('VALARM');
  expect(theirs.etag).not.toBe(mine.etag);
  expect(await listing('admin')).toContain(listedEtag(theirs.etag));
  const exported = await server.request('/wp-json/marquee/v1/export?format=ics', { as: 'admin' });
  expect(String(exported.body)).toContain('Choir rehearsal');
  expect(String(exported.body)).not.toContain('VALARM');

  // Changed at the office: the person's reminder stays on the changed event.
  const list = (await server.api('/events', { as: 'admin' })).body as { events: { id: number }[] };
  const id = list.events[0]!.id;
  expect(
    (await server.api(`/events/${id}`, { as: 'admin', json: { title: 'Choir' } })).status,
  ).toBe(200);
  const changed = await get(uid, 'editor');
  expect(changed.text).toContain('SUMMARY:Choir');
  expect(changed.text).toContain('TRIGGER:-PT15M');

  // The phone removes it.
  const removed = await dav(`${CALENDAR}${encodeURIComponent(uid)}.ics`, {
    method: 'PUT',
    as: 'editor',
    headers: { 'if-match': changed.etag, 'content-type': 'text/calendar' },
    body: object(uid, 'Choir', false),
  });
  expect(removed.status).toBe(204);
  expect((await get(uid, 'editor')).text).not.toContain('VALARM');
});

it('keeps a reminder on the occurrence it was set on', async () => {
  const uid = `${randomUUID()}@phone.example`;
  const exception = [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20271001T000000Z',
    'RECURRENCE-ID:20271021T170000Z',
    'DTSTART:20271021T180000Z',
    'DTEND:20271021T200000Z',
    'SUMMARY:Choir (later)',
    ...ALARM,
    'END:VEVENT',
  ];
  const put = await dav(`${CALENDAR}${encodeURIComponent(uid)}.ics`, {
    method: 'PUT',
    as: 'editor',
    headers: { 'if-none-match': '*', 'content-type': 'text/calendar' },
    body: object(uid, 'Choir', false, exception),
  });
  expect(put.status).toBe(201);
  const { text } = await get(uid, 'editor');
  const components = text.split('BEGIN:VEVENT').slice(1);
  const withAlarm = components.filter((component) => component.includes('BEGIN:VALARM'));
  expect(withAlarm).toHaveLength(1);
  expect(withAlarm[0]).toContain('RECURRENCE-ID');
  expect(withAlarm[0]).toContain('SUMMARY:Choir (later)');
});
