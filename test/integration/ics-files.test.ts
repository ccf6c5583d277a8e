/**
 * ICS through HTTP: the export and the subscription feed (filters as GET /events, per category,
 * 304 for a known ETag), parsed back with ical.js the way calendar apps read them.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

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
      headers: { authorization: 'Bearer test-owner-token' },
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
    expect((await server.request(EXPORT)).status).toBe(401);
  });
});
