/**
 * WordPress's rule of who may write HTML, at every door of the one write command: REST per
 * role, a sync push per role, ICS, CSV and a JSON restore (a file's texts are cleaned as an
 * author's, whoever imports them). What the public API then serves to website builds holds no
 * script, handler or `javascript:` URL that an author or a file put there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/common.ts';
import { at } from '../support/events.ts';
import { pull, push } from '../support/sync.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const XSS = 'XSS <img src=x onerror=alert(1)><script>alert(2)</script>';
const LINK = '<a href="javascript:alert(3)" onclick="alert(4)">more</a> <em>kept</em>';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

/** Whether a text holds markup that would run in a page. */
const runs = (html: string) => /<script|\son\w+\s*=|javascript:|<iframe|<svg/i.test(html);

async function eventAs(role: Role | 'owner', title: string, description: string) {
  const reply = await server.api('/events', {
    as: role,
    json: { title, description, excerpt: description, start_date: at(3), end_date: at(3, 1) },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as Json;
}

/** An event's stored record (every language), as sync pulls it. */
async function stored(uuidOrTitle: (record: Json) => boolean): Promise<Json> {
  const events = (await pull(server)).records.event as Json[];
  const found = events.find(uuidOrTitle);
  if (!found) throw new Error('no such event');
  return found;
}

const byTitle = (mark: string) => (record: Json) =>
  String((record.title as Json).en).includes(mark);

describe('REST, per role', () => {
  it('cleans an author’s and a contributor’s texts as wp_kses_post and the title rule', async () => {
    for (const role of ['author', 'contributor'] as const) {
      const mark = randomUUID().slice(0, 8);
      await eventAs(role, `${mark} ${XSS}`, `${XSS} ${LINK}`);
      const record = await stored(byTitle(mark));
      expect(record.title).toEqual({ en: `${mark} XSS alert(2)` });
      expect(record.description).toEqual({
        en: 'XSS <img src="x" />alert(2) <a>more</a> <em>kept</em>',
      });
      expect(record.excerpt).toEqual(record.description);
    }
  });

  it('keeps an admin’s and an editor’s markup (unfiltered_html)', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const mark = randomUUID().slice(0, 8);
      await eventAs(role, `${mark} <em>x</em>`, `${XSS} ${LINK}`);
      const record = await stored(byTitle(mark));
      expect(record.title).toEqual({ en: `${mark} <em>x</em>` });
      expect(record.description).toEqual({ en: `${XSS} ${LINK}` });
    }
  });

  it('cleans venues, organizers and the terms an author names', async () => {
    const mark = randomUUID().slice(0, 8);
    const reply = await server.api('/events', {
      as: 'author',
      json: {
        title: `Linked ${mark}`,
        start_date: at(4),
        end_date: at(4, 1),
        venue: { venue: `Hall ${mark} ${XSS}`, address: `1 Main St <b onclick=x()>A</b>` },
        organizer: [{ organizer: `Org ${mark} ${XSS}`, phone: '<i>555</i>' }],
        categories: [`Cat ${mark} <script>alert(5)</script>`],
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const body = reply.body as Json;
    expect((body.venue as Json).venue).toBe(`Hall ${mark} XSS alert(2)`);
    expect((body.venue as Json).address).toBe('1 Main St A');
    expect((body.organizer as Json[])[0]!.organizer).toBe(`Org ${mark} XSS alert(2)`);
    expect((body.organizer as Json[])[0]!.phone).toBe('555');
    expect((body.categories as Json[])[0]!.name).toBe(`Cat ${mark}`);
  });

  it('serves website builds no script an author wrote', async () => {
    const mark = randomUUID().slice(0, 8);
    const made = await eventAs('author', `${mark} ${XSS}`, `${XSS} ${LINK}`);
    const read = await server.api(`/events/${String(made.id)}`);
    expect(read.status).toBe(200);
    const event = read.body as Json;
    for (const field of ['title', 'description', 'excerpt'])
      expect(runs(String(event[field])), `${field}: ${String(event[field])}`).toBe(false);
  });
});

describe('a sync push (editors and up: the hub’s laptops too)', () => {
  const create = (uuid: string, text: string) => ({
    mutationId: Date.now(),
    kind: 'event',
    op: 'create',
    uuid,
    baseRev: 0,
    fields: {
      title: { en: text, de: text },
      description: { en: `${XSS} ${LINK}`, de: XSS },
      start: '2026-12-01 20:00:00',
      end: '2026-12-01 22:00:00',
    },
  });

  it('is refused to an author, and keeps an editor’s markup in every language', async () => {
    const refused = await server.request('/wp-json/marquee/v1/sync/push', {
      as: 'author',
      json: { clientId: 'author-laptop', mutations: [create(randomUUID(), XSS)] },
    });
    expect(refused.status).toBe(403);
    const theirs = randomUUID();
    await push(server, 'editor-laptop', [create(theirs, `Pushed ${XSS}`)], 'editor');
    expect((await stored((record) => record.uuid === theirs)).description).toEqual({
      en: `${XSS} ${LINK}`,
      de: XSS,
    });
  });
});

describe('files, whoever imports them', () => {
  it('cleans an ICS file’s SUMMARY by the title rule and its DESCRIPTION as wp_kses_post', async () => {
    const uid = randomUUID();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261210T190000Z',
      'DTEND:20261210T210000Z',
      'SUMMARY:ICS <svg onload=alert(1)> Kids <12 & up',
      'DESCRIPTION:Doors at 7 <img src=x onerror=alert(2)> <b>bold</b> & more',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const reply = await server.request('/wp-json/marquee/v1/import?format=ics', {
      as: 'owner',
      text: ics,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const record = await stored(byTitle('ICS'));
    expect(record.title).toEqual({ en: 'ICS  Kids <12 & up' });
    expect(record.description).toEqual({
      en: 'Doors at 7 <img src="x" /> <b>bold</b> &amp; more',
    });
  });

  it('cleans a CSV file’s descriptions and names, imported by the owner', async () => {
    const csv = [
      'event_name,event_start_date,event_start_time,event_end_date,event_end_time,event_description,event_venue_name',
      `"CSV <script>alert(1)</script>",2026-12-11,19:00,2026-12-11,21:00,"<p onclick=""alert(2)"">Hi</p><script>alert(3)</script>","Club <img src=x onerror=alert(4)>"`,
      '',
    ].join('\n');
    const reply = await server.request('/wp-json/marquee/v1/import?format=csv', {
      as: 'owner',
      text: csv,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const record = await stored(byTitle('CSV'));
    expect(record.title).toEqual({ en: 'CSV alert(1)' });
    expect(record.description).toEqual({ en: '<p>Hi</p>alert(3)' });
    const venues = (await pull(server)).records.venue as Json[];
    const names = venues.map((venue) => (venue.name as Json).en);
    expect(names.filter((name) => String(name).startsWith('Club'))).toEqual(['Club']);
  });

  it('cleans a JSON backup’s texts when it is restored', async () => {
    const source = await startTestServer();
    const target = await startTestServer();
    try {
      const made = await source.api('/events', {
        as: 'owner',
        json: {
          title: 'Backed up',
          description: `${XSS} ${LINK}`,
          ...{ start_date: at(2), end_date: at(2, 1) },
        },
      });
      expect(made.status).toBe(201);
      const backup = await fetch(`${source.url}/wp-json/marquee/v1/export?format=json`, {
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      });
      const restored = await target.request('/wp-json/marquee/v1/import?format=json', {
        as: 'owner',
        text: await backup.text(),
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(201);
      const events = (await pull(target)).records.event as Json[];
      expect(events[0]?.description).toEqual({
        en: 'XSS <img src="x" />alert(2) <a>more</a> <em>kept</em>',
      });
    } finally {
      await source.close();
      await target.close();
    }
  });
});
