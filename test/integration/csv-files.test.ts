/**
 * CSV files through HTTP: events exported with TEC's importer keys come back identical when
 * imported into an empty calendar; importing the same file again changes nothing; files made
 * for TEC (labels as headers, US dates, 12-hour times, yes/no) import; a bad row refuses the
 * whole file with its line; venues and organizers have their own files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, eventListOf } from '../support/events.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=csv';
const EXPORT = '/wp-json/marquee/v1/export?format=csv';
const ANY = 'status=publish,draft,pending,private,future&start_date=2000-01-01&per_page=50';

let source: TestServer;
let csv: string;

async function exported(server: TestServer, query = ''): Promise<string> {
  const reply = await fetch(`${server.url}${EXPORT}${query}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  // As the bytes say: Response.text() would drop a byte-order mark.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await reply.arrayBuffer());
}

/** The fields a CSV carries, event by event, in start order. */
async function essentials(server: TestServer) {
  const list = eventListOf(await server.api(`/events?${ANY}`, { as: 'owner' }));
  return list.events.map((event) => ({
    title: event.title,
    start: event.start_date,
    end: event.end_date,
    allDay: event.all_day,
    zone: event.timezone,
    status: event.status,
    cost: event.cost,
    featured: event.featured,
    venue: Array.isArray(event.venue) ? null : event.venue.venue,
    organizers: event.organizer.map((organizer) => organizer.organizer),
    categories: event.categories.map((term) => term.name),
    tags: event.tags.map((term) => term.name),
  }));
}

beforeAll(async () => {
  source = await startTestServer();
  await createEvent(source, {
    title: 'Jazz, late',
    description: '<p>Two sets; "standards"</p>',
    start_date: '2027-02-12 21:00:00',
    end_date: '2027-02-12 23:30:00',
    timezone: 'Europe/Berlin',
    venue: { venue: 'Blue Note', city: 'Lyon' },
    organizer: [{ organizer: 'Jazz Society' }, { organizer: 'City' }],
    categories: ['Jazz', 'Live'],
    tags: ['late'],
    featured: true,
    cost: '-5',
  });
  await createEvent(source, {
    title: 'Book fair',
    start_date: '2027-03-01 00:00:00',
    end_date: '2027-03-02 23:59:59',
    all_day: true,
    status: 'draft',
  });
  csv = await exported(source);
});
afterAll(() => source.close());

describe('CSV events', () => {
  it('exports TEC importer keys as headers, one row per event', () => {
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toMatch(/^uuid,language,event_name,event_description,/);
    expect(rows).toHaveLength(2);
    expect(csv).toContain('"Jazz, late"');
  });

  it('imports into an empty calendar identically, and a second import changes nothing', async () => {
    const target = await startTestServer();
    try {
      const preview = await target.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: csv });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        dryRun: true,
        events: { new: 2, updated: 0, unchanged: 0 },
        created: { venues: 1, organizers: 2, categories: 2, tags: 1 },
        createdNames: {
          venues: ['Blue Note'],
          organizers: ['Jazz Society', 'City'],
          categories: ['Jazz', 'Live'],
          tags: ['late'],
        },
        problems: [],
      });
      expect(await essentials(target)).toEqual([]);
      const done = await target.request(IMPORT, { as: 'owner', text: csv });
      expect(done.status).toBe(201);
      expect(await essentials(target)).toEqual(await essentials(source));
      const again = await target.request(IMPORT, { as: 'owner', text: csv });
      expect(again.body).toMatchObject({
        events: { new: 0, updated: 0, unchanged: 2 },
        created: { venues: 0 },
        createdNames: { venues: [], organizers: [], categories: [], tags: [] },
      });
    } finally {
      await target.close();
    }
  });

  it('reads files made for TEC: labels, US dates, 12-hour times, yes/no, a BOM and CRLF', async () => {
    const target = await startTestServer();
    try {
      const file =
        '\uFEFFEvent Name,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event,Feature Event,Event Category,Event Venue Name,Notes\r\n' +
        'Open mic,03/14/2027,7:30 pm,03/14/2027,10 pm,no,yes,"Music, Spoken word",Café Bleu,ignored\r\n' +
        'Flea market,14-03-2027,,,,,,,,\r\n';
      const reply = await target.request(IMPORT, { as: 'owner', text: file });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ events: { new: 2 }, unknownHeaders: ['Notes'] });
      const events = await essentials(target);
      expect(events).toEqual([
        expect.objectContaining({
          title: 'Flea market',
          start: '2027-03-14 00:00:00',
          allDay: true,
        }),
        expect.objectContaining({
          title: 'Open mic',
          start: '2027-03-14 19:30:00',
          end: '2027-03-14 22:00:00',
          featured: true,
          venue: 'Café Bleu',
          categories: ['Music', 'Spoken word'],
        }),
      ]);
    } finally {
      await target.close();
    }
  });

  it('makes events with the flags a file gives and the others off, as TEC does; an update sets only those given', async () => {
    const target = await startTestServer();
    const flags = async () => {
      const [event] = eventListOf(await target.api('/events', { as: 'owner' })).events;
      return {
        featured: event?.featured,
        sticky: event?.sticky,
        show_map: event?.show_map,
        show_map_link: event?.show_map_link,
      };
    };
    try {
      const created = await target.request(IMPORT, {
        as: 'owner',
        text: 'event_name,event_start_date,event_start_time,event_show_map\nFlags,2027-05-01,19:00,yes\n',
      });
      expect(created.body).toMatchObject({ events: { new: 1 } });
      // Only the map was given: the other flags read false, not the editor's defaults.
      const made = { featured: false, sticky: false, show_map: true, show_map_link: false };
      expect(await flags()).toEqual(made);
      const updated = await target.request(IMPORT, {
        as: 'owner',
        text: 'event_name,event_start_date,event_start_time,feature_event\nFlags,2027-05-01,19:00,yes\n',
      });
      expect(updated.body).toMatchObject({ events: { updated: 1 } });
      expect(await flags()).toEqual({ ...made, featured: true });
    } finally {
      await target.close();
    }
  });

  it('refuses a file with a bad row whole, naming its line and why', async () => {
    const target = await startTestServer();
    try {
      const file =
        'event_name,event_start_date,event_start_time,event_end_date,event_end_time\n' +
        'Fine,2027-01-01,10:00,2027-01-01,11:00\n' +
        'Broken,2027-02-30,10:00,2027-02-30,11:00\n' +
        'Backwards,2027-01-02,10:00,2027-01-01,11:00\n';
      const reply = await target.request(IMPORT, { as: 'owner', text: file });
      expect(reply.status).toBe(400);
      const { code, data } = reply.body as {
        code: string;
        data: { problems: { line: number; message: string }[] };
      };
      expect(code).toBe('marquee_import_invalid');
      // Each bad cell of a row is named: line 3 has two.
      expect(data.problems.map((problem) => problem.line)).toEqual([3, 3, 4]);
      expect(data.problems[0]?.message).toMatch(/event_start_date "2027-02-30" is not a date/);
      expect(data.problems[1]?.message).toMatch(/event_end_date "2027-02-30" is not a date/);
      expect(data.problems[2]?.message).toMatch(/ends .* before it starts/);
      const preview = await target.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: file });
      expect(preview.status).toBe(200);
      expect((preview.body as { problems: unknown[] }).problems).toHaveLength(3);
      expect(await essentials(target)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('writes spreadsheet-safe files on request, which import back to the same values', async () => {
    const safe = await exported(source, '&spreadsheet_safe=true');
    expect(safe.startsWith('\uFEFF')).toBe(true);
    expect(safe).toContain('\r\n');
    expect(safe).toContain(",'-5,");
    const target = await startTestServer();
    try {
      expect((await target.request(IMPORT, { as: 'owner', text: safe })).status).toBe(201);
      expect(await essentials(target)).toEqual(await essentials(source));
    } finally {
      await target.close();
    }
  });

  it('keeps venues and organizers in files of their own', async () => {
    const asIcs = await source.request('/wp-json/marquee/v1/export?format=ics&kind=venues', {
      as: 'owner',
    });
    expect(asIcs.status).toBe(400);
    expect(JSON.stringify(asIcs.body)).toContain('exported as CSV only');
    const venues = await exported(source, '&kind=venues');
    expect(venues.split('\n')[0]).toMatch(/^uuid,language,venue_name,/);
    expect(venues).toContain('Blue Note');
    const target = await startTestServer();
    try {
      const reply = await target.request(IMPORT, { as: 'owner', text: venues });
      expect(reply.body).toMatchObject({ kind: 'venues', created: { venues: 1 } });
      const list = await target.api('/venues', { as: 'owner' });
      expect(JSON.stringify(list.body)).toContain('"city":"Lyon"');
      // A row names its venue as an event's inline venue does: the same-named one changes.
      const moved = await target.request(IMPORT, {
        as: 'owner',
        text: 'venue_name,venue_city\nblue note,Grenoble\n',
      });
      expect(moved.body).toMatchObject({ created: { venues: 0 } });
      const after = (await target.api('/venues', { as: 'owner' })).body as {
        venues: { venue: string; city: string }[];
      };
      expect(after.venues.map(({ venue, city }) => `${venue}, ${city}`)).toEqual([
        'Blue Note, Grenoble',
      ]);
    } finally {
      await target.close();
    }
  });

  it('gives a venue or organizer row the language its language column names', async () => {
    const target = await startTestServer();
    try {
      const venues = 'venue_name,venue_city,language\nKonzerthaus,Berlin,de\n';
      expect((await target.request(IMPORT, { as: 'owner', text: venues })).status).toBe(201);
      const organizers = 'organizer_name,language\nOrchestre de Lyon,fr\n';
      expect((await target.request(IMPORT, { as: 'owner', text: organizers })).status).toBe(201);
      const backup = (
        await target.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' })
      ).body as { venues: { name: object }[]; organizers: { name: object }[] };
      expect(backup.venues.map((venue) => venue.name)).toEqual([{ de: 'Konzerthaus' }]);
      expect(backup.organizers.map((organizer) => organizer.name)).toEqual([
        { fr: 'Orchestre de Lyon' },
      ]);
    } finally {
      await target.close();
    }
  });

  it('refuses a file with more records than one import takes, saying so', async () => {
    const rows = 'A,2027-01-01\n'.repeat(200_001);
    const reply = await source.request(`${IMPORT}&dryRun=true`, {
      as: 'owner',
      text: `event_name,event_start_date\n${rows}`,
    });
    expect((reply.body as { problems: { message: string }[] }).problems[0]?.message).toBe(
      'the file holds 200001 records; one import takes at most 200000: split it',
    );
  });

  it('is for editors and up', async () => {
    expect((await source.request(EXPORT)).status).toBe(401);
    expect((await source.request(EXPORT, { as: 'author' })).status).toBe(403);
    expect((await source.request(IMPORT, { as: 'author', text: csv })).status).toBe(403);
  });
});
