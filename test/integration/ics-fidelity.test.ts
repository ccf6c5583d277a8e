/**
 * What an ICS file carries, and what an ICS import may change, through HTTP: Marquee's own
 * export imported again into the same calendar changes nothing; imported into an empty one it
 * gives back organizers, categories and tags, the venue with its address, an all-day event's
 * zone and the links of a description; a field a file does not carry is left alone.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TecEvent } from '#shared/tec/event.ts';
import { importSummarySchema } from '#shared/schemas/transfer.ts';
import { createEvent, eventListOf } from '../support/events.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const EXPORT = '/wp-json/marquee/v1/export?format=ics';
const IMPORT = '/wp-json/marquee/v1/import?format=ics';
const ALL = 'status=publish,draft,pending,private&start_date=2000-01-01&per_page=50';
/** The calendar's zone is none of the events' own: a zone the file does not carry shows. */
const CALENDAR = { timezone: 'America/New_York' };

const LINKED = '<p>Tickets at <a href="https://tickets.example/q?a=1&amp;b=2">our shop</a>.</p>';

async function exported(server: TestServer, query = ''): Promise<string> {
  const reply = await fetch(`${server.url}${EXPORT}${query}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  return reply.text();
}

async function imported(server: TestServer, file: string, dryRun = false) {
  const reply = await server.request(`${IMPORT}${dryRun ? '&dryRun=true' : ''}`, {
    as: 'owner',
    text: file,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(dryRun ? 200 : 201);
  return importSummarySchema.parse(reply.body);
}

async function events(server: TestServer): Promise<TecEvent[]> {
  return eventListOf(await server.api(`/events?${ALL}`, { as: 'owner' })).events;
}

const byTitle = (list: TecEvent[], title: string) => {
  const found = list.find((event) => event.title === title);
  if (!found) throw new Error(`no event "${title}"`);
  return found;
};

function vevents(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
}

/** What ICS carries of an event, as the API shows it. */
function carried(event: TecEvent) {
  const venue = Array.isArray(event.venue) ? null : event.venue;
  return {
    title: event.title,
    description: event.description,
    start: event.start_date,
    end: event.end_date,
    allDay: event.all_day,
    timezone: event.timezone,
    website: event.website,
    venue: venue && {
      name: venue.venue,
      address: venue.address,
      city: venue.city,
      region: venue.stateprovince,
      zip: venue.zip,
      country: venue.country,
    },
    organizers: event.organizer.map(({ organizer, email }) => ({ organizer, email })),
    categories: event.categories.map((term) => term.name),
    tags: event.tags.map((term) => term.name),
  };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ overrides: CALENDAR });
  await createEvent(server, {
    title: 'Quartet',
    description: LINKED,
    excerpt: 'Haydn and Ravel',
    cost: '12',
    start_date: '2026-12-04 19:30:00',
    end_date: '2026-12-04 21:30:00',
    timezone: 'Europe/Berlin',
    venue: {
      venue: 'Small hall',
      address: 'Main St 1',
      city: 'Berlin',
      province: 'Berlin',
      zip: '10115',
      country: 'Germany',
    },
    organizer: [
      { organizer: 'Quartet Society', email: 'q@s.example' },
      { organizer: 'Friends of the Hall' },
    ],
    categories: ['Chamber music'],
    tags: ['strings', 'evening'],
  });
  await createEvent(server, {
    title: 'Lisbon fair',
    start_date: '2026-12-12 00:00:00',
    end_date: '2026-12-13 23:59:59',
    all_day: true,
    timezone: 'Europe/Lisbon',
    organizer: [{ organizer: 'Fair office' }],
    tags: ['market'],
  });
  await createEvent(server, {
    title: 'London fair',
    start_date: '2026-12-19 00:00:00',
    end_date: '2026-12-19 23:59:59',
    all_day: true,
    timezone: 'Europe/London',
  });
});
afterAll(() => server.close());

describe('ICS export', () => {
  it('writes every organizer, tags marked as tags, the venue’s address and an all-day zone', async () => {
    const list = vevents(await exported(server));
    const quartet = list.find((vevent) => vevent.getFirstPropertyValue('summary') === 'Quartet');
    const organizer = quartet?.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('Quartet Society');
    expect(String(organizer?.getFirstValue())).toBe('mailto:q@s.example');
    // RFC 5545 allows one ORGANIZER: the others follow it in an X- property of the same form.
    const more = quartet?.getAllProperties('x-marquee-organizer') ?? [];
    expect(more.map((property) => property.getParameter('cn'))).toEqual(['Friends of the Hall']);
    expect(quartet?.getFirstProperty('categories')?.getValues()).toEqual([
      'Chamber music',
      'strings',
      'evening',
    ]);
    expect(quartet?.getFirstPropertyValue('x-marquee-tags')).toBe('strings,evening');
    expect(quartet?.getFirstPropertyValue('location')).toBe(
      'Small hall, Main St 1, Berlin, Berlin, 10115, Germany',
    );
    expect(quartet?.getFirstPropertyValue('description')).toBe(
      'Tickets at our shop (https://tickets.example/q?a=1&b=2).',
    );
    const html = quartet?.getFirstProperty('x-alt-desc');
    expect(html?.getParameter('fmttype')).toBe('text/html');
    // ical.js gives an X- property's value as written: TEXT, escaped.
    expect(String(html?.getFirstValue()).replace(/\\([\\;,])/g, '$1')).toContain(
      '<a href="https://tickets.example/q?a=1&amp;b=2">our shop</a>',
    );
    const lisbon = list.find((vevent) => vevent.getFirstPropertyValue('summary') === 'Lisbon fair');
    expect(String(lisbon?.getFirstPropertyValue('dtstart'))).toBe('2026-12-12');
    expect(lisbon?.getFirstPropertyValue('x-marquee-timezone')).toBe('Europe/Lisbon');
  });
});

describe('ICS import of Marquee’s own export', () => {
  it('into the same calendar changes nothing', async () => {
    const before = await events(server);
    const file = await exported(server);
    const summary = await imported(server, file);
    expect(summary.events).toEqual({ new: 0, updated: 0, unchanged: 3 });
    expect(summary.created).toEqual({ venues: 0, organizers: 0, categories: 0, tags: 0 });
    expect(await events(server)).toEqual(before);
  });

  it('into an empty calendar gives back what ICS carries', async () => {
    const file = await exported(server);
    const empty = await startTestServer({ overrides: { timezone: 'Asia/Tokyo' } });
    try {
      const summary = await imported(empty, file);
      expect(summary.events.new).toBe(3);
      const original = (await events(server)).map(carried);
      const copy = (await events(empty)).map(carried);
      expect(copy).toEqual(original);
      expect(byTitle(await events(empty), 'Lisbon fair').timezone).toBe('Europe/Lisbon');
      // And again: the copy's export imported into the copy changes nothing either.
      const again = await imported(empty, await exported(empty));
      expect(again.events).toEqual({ new: 0, updated: 0, unchanged: 3 });
    } finally {
      await empty.close();
    }
  });
});

describe('ICS import of another application’s file', () => {
  const file = (lines: string[]) =>
    [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other//Other//EN', 'BEGIN:VEVENT'],
      ...lines,
      ...['END:VEVENT', 'END:VCALENDAR', ''],
    ].join('\r\n');

  it('leaves alone what the file does not carry on the event it matches', async () => {
    const target = await startTestServer({ overrides: CALENDAR });
    try {
      await createEvent(target, {
        title: 'Market',
        description: LINKED,
        excerpt: 'Stalls',
        cost: '5',
        start_date: '2026-12-12 00:00:00',
        end_date: '2026-12-12 23:59:59',
        all_day: true,
        timezone: 'Europe/Lisbon',
        venue: { venue: 'Square', address: 'Praça 1', city: 'Lisbon' },
        organizer: [{ organizer: 'Market office', email: 'm@o.example' }],
        categories: ['Markets'],
        tags: ['outdoor'],
      });
      const [before] = await events(target);
      const summary = await imported(
        target,
        file([
          'UID:market@other.example',
          'DTSTAMP:20261101T000000Z',
          'DTSTART;VALUE=DATE:20261212',
          'DTEND;VALUE=DATE:20261214',
          'SUMMARY:Market',
        ]),
      );
      expect(summary.events).toEqual({ new: 0, updated: 1, unchanged: 0 });
      const [after] = await events(target);
      // The file moves the end a day on: that, and nothing else.
      expect(after?.end_date).toBe('2026-12-13 23:59:59');
      expect({ ...carried(after!), end: null }).toEqual({ ...carried(before!), end: null });
      expect(after?.excerpt).toBe(before?.excerpt);
      expect(after?.cost).toBe(before?.cost);
    } finally {
      await target.close();
    }
  });

  it('prefers X-ALT-DESC, cleaned as the editor cleans, over DESCRIPTION', async () => {
    const target = await startTestServer({ overrides: CALENDAR });
    try {
      await imported(
        target,
        file([
          'UID:talk@other.example',
          'DTSTAMP:20261101T000000Z',
          'DTSTART:20261205T180000Z',
          'DTEND:20261205T190000Z',
          'SUMMARY:Talk',
          'DESCRIPTION:Read more (https://example.org/talk)',
          'X-ALT-DESC;FMTTYPE=text/html:<html><head><title>x</title><style>p{}</style></head>' +
            '<body><p class="x" onclick="alert(1)">Read <a href="https://example.org/talk" ' +
            'target="_blank">more</a><script>alert(2)</script> <a href="javascript:alert(3)">' +
            'here</a></p></body></html>',
        ]),
      );
      const [talk] = await events(target);
      expect(talk?.description).toBe(
        '<p>Read <a href="https://example.org/talk" target="_blank">more</a> <a>here</a></p>',
      );
    } finally {
      await target.close();
    }
  });
});

describe('the URL of an event’s public page', () => {
  it('is not read back as the event’s website', async () => {
    const target = await startTestServer({
      overrides: { ...CALENDAR, publicUrls: { event: 'https://venue.example/events/{slug}' } },
    });
    try {
      await createEvent(target, {
        title: 'Open day',
        start_date: '2026-12-09 10:00:00',
        end_date: '2026-12-09 16:00:00',
      });
      const file = await exported(target);
      expect(vevents(file)[0]?.getFirstPropertyValue('url')).toBe(
        'https://venue.example/events/open-day',
      );
      const summary = await imported(target, file);
      expect(summary.events).toEqual({ new: 0, updated: 0, unchanged: 1 });
      const empty = await startTestServer({ overrides: CALENDAR });
      try {
        await imported(empty, file);
        expect((await events(empty))[0]?.website).toBe('');
      } finally {
        await empty.close();
      }
    } finally {
      await target.close();
    }
  });
});
