/**
 * ICS through HTTP: the export and the subscription feed (filters as GET /events, per category,
 * 304 for a known ETag), parsed back with ical.js the way calendar apps read them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, eventListOf } from '../support/events.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

const FEED = '/wp-json/marquee/v1/ical';
const EXPORT = '/wp-json/marquee/v1/export?format=ics';

function veventsOf(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
}

beforeAll(async () => {
  server = await startTestServer();
  await createEvent(server, {
    title: 'Quartet; strings, and more',
    description: '<p>Haydn &amp; Ravel</p>',
    start_date: '2026-12-04 19:30:00',
    end_date: '2026-12-04 21:30:00',
    timezone: 'Europe/Berlin',
    venue: { venue: 'Small hall', address: 'Main St 1', city: 'Berlin' },
    organizer: [{ organizer: 'Quartet Society', email: 'q@s.example' }],
    categories: ['Chamber music'],
  });
  await createEvent(server, {
    title: 'Winter fair',
    start_date: '2026-12-12 00:00:00',
    end_date: '2026-12-13 23:59:59',
    all_day: true,
    categories: ['Markets'],
  });
  await createEvent(server, {
    title: 'Staff meeting',
    start_date: '2026-12-05 09:00:00',
    end_date: '2026-12-05 10:00:00',
    status: 'draft',
  });
});
afterAll(() => server.close());

describe('ICS export and feed', () => {
  it('feeds published events, with zones, all-day dates and what TEC feeds carry', async () => {
    const reply = await fetch(`${server.url}${FEED}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await reply.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = veventsOf(text);
    expect(events.map((event) => event.getFirstPropertyValue('summary'))).toEqual([
      'Quartet; strings, and more',
      'Winter fair',
    ]);
    const [quartet, fair] = events;
    const start = quartet?.getFirstProperty('dtstart');
    expect(start?.getParameter('tzid')).toBe('Europe/Berlin');
    expect(String(start?.getFirstValue())).toBe('2026-12-04T19:30:00');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(quartet?.getFirstPropertyValue('location')).toBe('Small hall, Main St 1, Berlin');
    expect(quartet?.getFirstPropertyValue('description')).toBe('Haydn & Ravel');
    expect(String(quartet?.getFirstPropertyValue('organizer'))).toBe('mailto:q@s.example');
    expect(String(quartet?.getFirstPropertyValue('uid'))).toMatch(/^[0-9a-f-]{36}@marquee$/);
    expect(String(fair?.getFirstPropertyValue('dtstart'))).toBe('2026-12-12');
    expect(String(fair?.getFirstPropertyValue('dtend'))).toBe('2026-12-14');
  });

  it('filters like GET /events, per category too, and answers 304 to a known ETag', async () => {
    const markets = await fetch(`${server.url}${FEED}/categories/markets`);
    const summaries = veventsOf(await markets.text()).map((event) =>
      event.getFirstPropertyValue('summary'),
    );
    expect(summaries).toEqual(['Winter fair']);
    const searched = await fetch(`${server.url}${FEED}?search=quartet`);
    expect(veventsOf(await searched.text())).toHaveLength(1);

    const tag = markets.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await fetch(`${server.url}${FEED}/categories/markets`, {
      headers: { 'if-none-match': tag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('exports every event an editor may see, drafts marked tentative', async () => {
    const first = await fetch(`${server.url}${EXPORT}`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    expect(first.headers.get('content-disposition')).toMatch(
      /attachment; filename="events-.*\.ics"/,
    );
    const exported = veventsOf(await first.text());
    expect(exported).toHaveLength(3);
    const meeting = exported.find(
      (event) => event.getFirstPropertyValue('summary') === 'Staff meeting',
    );
    expect(meeting?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    const quartet = exported.find((event) =>
      String(event.getFirstPropertyValue('summary')).startsWith('Quartet'),
    );
    const id = /^(.+)@marquee$/.exec(String(quartet?.getFirstPropertyValue('uid')))?.[1];
    const one = await server.api(`/events?start_date=2000-01-01&per_page=50`, { as: 'owner' });
    const event = (one.body as { events: { id: number; title: string }[] }).events.find((item) =>
      item.title.startsWith('Quartet'),
    );
    const single = await fetch(`${server.url}${EXPORT}&include=${event?.id}`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    const only = veventsOf(await single.text());
    expect(only.map((item) => String(item.getFirstPropertyValue('uid')))).toEqual([
      `${id}@marquee`,
    ]);
    expect((await server.request(EXPORT)).status).toBe(401);
  });
});

const IMPORT = '/wp-json/marquee/v1/import?format=ics';
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/ics/${name}`, import.meta.url)), 'utf8');
const ANY = 'status=publish,draft,pending,private,future&start_date=2000-01-01&per_page=50';

async function exportedIcs(target: TestServer): Promise<string> {
  const reply = await fetch(`${target.url}${EXPORT}&status=publish,draft,private`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  return reply.text();
}

/** What an ICS file carries, per event, in start order. */
async function carried(target: TestServer) {
  const list = eventListOf(await target.api(`/events?${ANY}`, { as: 'owner' }));
  return list.events.map((event) => ({
    title: event.title,
    start: event.start_date,
    end: event.end_date,
    zone: event.timezone,
    allDay: event.all_day,
    venue: Array.isArray(event.venue) ? null : event.venue.venue,
    categories: event.categories.map((term) => term.name),
  }));
}

describe('ICS import', () => {
  it('imports its own export into an empty calendar identically; again, it changes nothing', async () => {
    const file = await exportedIcs(server);
    const target = await startTestServer();
    try {
      const preview = await target.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: file });
      expect(preview.body).toMatchObject({ dryRun: true, events: { new: 3 }, problems: [] });
      expect((await target.request(IMPORT, { as: 'owner', text: file })).status).toBe(201);
      expect(await carried(target)).toEqual(await carried(server));
      const again = await target.request(IMPORT, { as: 'owner', text: file });
      expect(again.body).toMatchObject({ events: { new: 0, updated: 0, unchanged: 3 } });
    } finally {
      await target.close();
    }
  });

  it('makes a series, and exporting it gives the rule back, with unknown properties', async () => {
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Test//EN',
      'BEGIN:VEVENT',
      'UID:choir@example.org',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20270104T180000',
      'DTEND;TZID=Europe/Berlin:20270104T200000',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'EXDATE;TZID=Europe/Berlin:20270111T180000',
      'SUMMARY:Children’s choir',
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const target = await startTestServer();
    try {
      const reply = await target.request(IMPORT, { as: 'owner', text: file });
      expect(reply.body).toMatchObject({ events: { new: 1 } });
      expect((await carried(target)).map((event) => event.start)).toEqual([
        '2027-01-04 18:00:00',
        '2027-01-18 18:00:00',
        '2027-01-25 18:00:00',
      ]);
      const exported = await exportedIcs(target);
      const events = veventsOf(exported);
      expect(events).toHaveLength(1);
      expect(String(events[0]?.getFirstPropertyValue('uid'))).toBe('choir@example.org');
      expect(String(events[0]?.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=4');
      expect(exported).toContain('EXDATE;TZID=Europe/Berlin:20270111T180000');
      expect(exported).toContain('X-MICROSOFT-CDO-BUSYSTATUS:BUSY');
      const again = await target.request(IMPORT, { as: 'owner', text: file });
      expect(again.body).toMatchObject({ events: { new: 0, unchanged: 1 } });
    } finally {
      await target.close();
    }
  });

  it('reads real-world exports: Google, Outlook’s Windows zones, Apple across DST', async () => {
    const target = await startTestServer();
    try {
      for (const name of [
        'google-export.ics',
        'outlook-windows-zones.ics',
        'apple-dst-nights.ics',
      ]) {
        const reply = await target.request(IMPORT, { as: 'owner', text: fixture(name) });
        expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(201);
      }
      const zones = new Set((await carried(target)).map((event) => event.zone));
      expect(zones.size).toBeGreaterThan(0);
      expect([...zones].every((zone) => /^[A-Z][a-z]+\/[A-Za-z_]+$|^UTC$/.test(zone))).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('refuses a truncated file whole, naming the line', async () => {
    const target = await startTestServer();
    try {
      const reply = await target.request(IMPORT, {
        as: 'owner',
        text: fixture('google-truncated.ics'),
      });
      expect(reply.status).toBe(400);
      const { data } = reply.body as { data: { problems: { line?: number }[] } };
      expect(data.problems[0]?.line).toBeGreaterThan(0);
      expect(await carried(target)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
