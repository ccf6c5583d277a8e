/**
 * The XSS corpus (test/fixtures/xss/corpus.json, after OWASP's filter evasion cheat sheet)
 * through the doors an author or a file comes in by (REST as an author and a contributor, a
 * sync push's refusal, ICS, CSV, a JSON restore) to the exits website builds and other apps
 * read: the public API's JSON, the ICS feed, the CSV export. None of them holds a script, an
 * event handler or a URL that runs where the corpus went in.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import corpus from '../fixtures/xss/corpus.json' with { type: 'json' };
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const { payloads } = corpus;

/**
 * What in HTML would run: a script, frame, SVG, object or embed element, a handler, a URL of a
 * scheme that runs. Only tags are read: escaped text is text.
 */
function running(html: string): string[] {
  return [...html.matchAll(/<([a-z][\w-]*)\b([^>]*)>/gi)].flatMap(([whole, tag, attributes]) =>
    /^(script|iframe|svg|object|embed|form|meta|link|base)$/i.test(tag!) ||
    /\son\w+\s*=|=\s*["']?\s*(javascript|vbscript|data):/i.test(attributes!)
      ? [whole]
      : [],
  );
}

/** An ICS TEXT value escaped as RFC 5545 wants it. */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

/** A CSV cell, quoted. */
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (const [index, payload] of payloads.entries()) {
    for (const role of ['author', 'contributor'] as const) {
      const reply = await server.api('/events', {
        as: role,
        json: {
          title: `REST ${role} ${index} ${payload}`,
          description: payload,
          excerpt: payload,
          status: 'publish',
          start_date: '2026-12-02 10:00:00',
          end_date: '2026-12-02 11:00:00',
          venue: { venue: `Venue ${role} ${index} ${payload}`, address: payload },
          organizer: [
            { organizer: `Organizer ${role} ${index} ${payload}`, phone: payload.slice(0, 100) },
          ],
        },
      });
      expect(reply.status, `${payload}: ${JSON.stringify(reply.body)}`).toBe(201);
    }
  }
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...payloads.flatMap((payload, index) => [
      'BEGIN:VEVENT',
      `UID:xss-${index}@test`,
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261203T190000Z',
      'DTEND:20261203T200000Z',
      `SUMMARY:${icsText(`ICS ${index} ${payload}`)}`,
      `DESCRIPTION:${icsText(payload)}`,
      `X-ALT-DESC;FMTTYPE=text/html:${icsText(payload)}`,
      `LOCATION:${icsText(`Hall ${index} ${payload}`)}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const fromIcs = await server.request('/wp-json/marquee/v1/import?format=ics', {
    as: 'owner',
    text: ics,
  });
  expect(fromIcs.status, JSON.stringify(fromIcs.body)).toBe(201);
  const csv = [
    'event_name,event_start_date,event_start_time,event_end_date,event_end_time,event_description,event_excerpt,event_venue_name',
    ...payloads.map((payload, index) =>
      [
        csvCell(`CSV ${index} ${payload}`),
        '2026-12-04',
        '19:00',
        '2026-12-04',
        '20:00',
        csvCell(payload),
        csvCell(payload),
        csvCell(`Club ${index} ${payload}`),
      ].join(','),
    ),
    '',
  ].join('\n');
  const fromCsv = await server.request('/wp-json/marquee/v1/import?format=csv', {
    as: 'owner',
    text: csv,
  });
  expect(fromCsv.status, JSON.stringify(fromCsv.body)).toBe(201);
}, 120_000);
afterAll(() => server.close());

type Json = Record<string, unknown>;

async function allEvents(): Promise<Json[]> {
  const events: Json[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await server.api(
      `/events?start_date=2026-12-01&end_date=2026-12-31&per_page=50&page=${page}`,
    );
    expect(reply.status).toBe(200);
    const body = reply.body as { events: Json[]; total_pages: number };
    events.push(...body.events);
    if (page >= body.total_pages) return events;
  }
}

describe('the XSS corpus, from authors and files to the exits', () => {
  it('the public API serves website builds nothing that runs', async () => {
    const events = await allEvents();
    // A contributor’s events wait for review: the public sees the authors’ and the files’.
    expect(events.length).toBe(payloads.length * 3);
    const found = events.flatMap((event) => {
      const venue = event.venue as Json | [];
      const organizers = event.organizer as Json[];
      return [
        event.title,
        event.description,
        event.excerpt,
        ...(Array.isArray(venue) ? [] : [venue.venue, venue.address]),
        ...organizers.flatMap((organizer) => [organizer.organizer, organizer.phone]),
      ].flatMap((text) => running(String(text)));
    });
    expect(found).toEqual([]);
  });

  it('the ICS feed’s HTML and the CSV export’s descriptions carry nothing that runs', async () => {
    const feed = await fetch(`${server.url}/wp-json/marquee/v1/ical`);
    expect(feed.status).toBe(200);
    // X-ALT-DESC is the HTML other apps show (unfolded, unescaped); SUMMARY and DESCRIPTION are
    // plain text, which apps show as text.
    const html = (await feed.text())
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .filter((line) => line.startsWith('X-ALT-DESC'))
      .map((line) => line.replace(/\\([,;\\])/g, '$1'));
    expect(html.length).toBeGreaterThan(payloads.length);
    expect(html.flatMap(running)).toEqual([]);
    const reply = await fetch(`${server.url}/wp-json/marquee/v1/export?format=csv`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    expect(reply.status).toBe(200);
    const rows = parse<Record<string, string>>(await reply.text(), { columns: true, bom: true });
    expect(rows.length).toBe(payloads.length * 4);
    const texts = rows.flatMap((row) => [row.event_description ?? '', row.event_excerpt ?? '']);
    expect(texts.flatMap(running)).toEqual([]);
  });
});
