/**
 * The first sync with the real site, both ways: "Test" previews it and writes nothing
 * on either side; a calendar's records go to the site each exactly once, with their links; a new
 * calendar connected to that site gets every one of them back, field by field the same; records
 * that look the same on both sides (an event's title and start) become one, not two.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SitePreview } from '#shared/schemas/site.ts';
import { pull } from '../support/sync.ts';
import { calendarFor, connect, connectedCalendar } from '../support/site-sync.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  adminRequest,
  createTecEvent,
  mark,
  tecIds,
  tecSite,
  type Json,
} from '../support/tec-site.ts';

const site = tecSite();
const owner = { as: 'owner' as const };

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const ALL = 'start_date=1900-01-01&end_date=2200-12-31&status=publish,future,draft,pending,private';

/** The site's events whose title holds `tag`, as TEC answers them. */
async function siteEvents(tag: string): Promise<Json[]> {
  const ids = await tecIds(`${ALL}&search=${encodeURIComponent(tag)}`);
  return Promise.all(
    ids.map(async (id) => (await adminRequest(`tribe/events/v1/events/${id}`)).body),
  );
}

/** What a person compares of an event on either side: its fields in TEC's terms. */
function tecFacts(event: Json) {
  const names = (list: unknown) =>
    ((list ?? []) as Json[]).map((item) => String(item.name ?? item.organizer)).sort();
  return {
    title: event.title,
    start_date: event.start_date,
    end_date: event.end_date,
    timezone: event.timezone,
    all_day: event.all_day,
    status: event.status,
    cost: event.cost,
    venue: event.venue && !Array.isArray(event.venue) ? (event.venue as Json).venue : null,
    organizer: names(event.organizer),
    categories: names(event.categories),
    tags: names(event.tags),
  };
}

async function previewOf(server: TestServer): Promise<SitePreview> {
  const reply = await server.request('/wp-json/marquee/v1/site', {
    method: 'PUT',
    as: 'owner',
    json: { address: site!.url, login: 'admin', password: site!.passwords.admin },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { preview: SitePreview }).preview;
}

describe.skipIf(!site)('the first sync with the website', () => {
  it('sends a calendar’s records each once, and a new calendar gets them all back the same', async () => {
    const tag = mark();
    const first = await calendarFor();
    servers.push(first);
    const venue = await first.api('/venues', { ...owner, json: { venue: `Barn ${tag}` } });
    const organizer = await first.api('/organizers', {
      ...owner,
      json: { organizer: `Crew ${tag}` },
    });
    const category = await first.api('/categories', { ...owner, json: { name: `Theatre ${tag}` } });
    const label = await first.api('/tags', { ...owner, json: { name: `Free ${tag}` } });
    const count = 12;
    for (let index = 0; index < count; index += 1) {
      const day = String(index + 1).padStart(2, '0');
      const reply = await first.api('/events', {
        ...owner,
        json: {
          title: `First ${tag} #${index}`,
          description: `Night “${index}” -- at the barn\n\nSecond line`,
          start_date: index === 0 ? `2024-05-${day} 19:00:00` : `2027-05-${day} 19:00:00`,
          end_date: index === 0 ? `2024-05-${day} 22:00:00` : `2027-05-${day} 22:00:00`,
          all_day: index === 1,
          status: index === 2 ? 'draft' : 'publish',
          cost: index % 2 ? '10' : '',
          venue: (venue.body as Json).id,
          organizer: [(organizer.body as Json).id],
          categories: [(category.body as Json).id],
          tags: index % 3 ? [] : [(label.body as Json).id],
        },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }

    const before = await siteEvents(tag);
    const preview = await previewOf(first);
    expect(preview).toMatchObject({
      calendar: { event: count, venue: 1, organizer: 1 },
      same: { event: 0 },
      toSite: { event: count, venue: 1, organizer: 1 },
    });
    // "Test" wrote nothing on either side.
    expect(await siteEvents(tag)).toEqual(before);
    expect(before).toEqual([]);
    const status = await first.request('/wp-json/marquee/v1/site', owner);
    expect((status.body as Json).state).toBe('not-connected');

    const connected = await connect(first);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect((connected.body as { summary: Json }).summary).toMatchObject({
      sent: count + 4,
      conflicts: 0,
    });
    const onSite = await siteEvents(tag);
    expect(onSite).toHaveLength(count);
    expect(new Set(onSite.map((event) => event.title)).size).toBe(count);

    const second = await connectedCalendar();
    servers.push(second);
    const received = (await pull(second)).records.event.filter((event) =>
      event.title.en?.includes(tag),
    );
    expect(received).toHaveLength(count);
    for (const event of received) {
      const mine = (await second.api(`/events/${event.id}`, owner)).body as Json;
      const theirs = onSite.find((row) => row.title === event.title.en)!;
      expect(tecFacts(mine)).toEqual(tecFacts(theirs));
    }
    expect(
      (await pull(second)).records.venue.filter((v) => v.name.en === `Barn ${tag}`),
    ).toHaveLength(1);
  });

  it('counts a series as one event, says what it goes to the site as, and names each pair', async () => {
    const tag = mark();
    const title = `Both have it ${tag}`;
    const when = { start_date: '2027-05-08 20:00:00', end_date: '2027-05-08 22:00:00' };
    await createTecEvent({ title, ...when });
    const siteVenue = await adminRequest('tribe/events/v1/venues', {
      body: { venue: `Hall ${tag}` },
    });
    expect(siteVenue.status).toBe(201);
    const calendar = await calendarFor();
    servers.push(calendar);
    const made = [
      await calendar.api('/events', { ...owner, json: { title, ...when } }),
      await calendar.api('/events', {
        ...owner,
        json: {
          title: `Weekly class ${tag}`,
          start_date: '2027-05-03 18:00:00',
          end_date: '2027-05-03 19:00:00',
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=12' },
        },
      }),
      await calendar.api('/venues', { ...owner, json: { venue: `hall ${tag}` } }),
    ];
    for (const reply of made) expect(reply.status, JSON.stringify(reply.body)).toBe(201);

    const preview = await previewOf(calendar);
    // Two events as the calendar shows them; the series goes to TEC as its twelve.
    expect(preview.calendar.event).toBe(2);
    expect(preview.series).toEqual([{ name: `Weekly class ${tag}`, occurrences: 12 }]);
    expect(preview.toSite.event).toBe(12);
    expect(preview.matched).toEqual([
      { kind: 'event', calendar: title, site: title, start: when.start_date },
      { kind: 'venue', calendar: `hall ${tag}`, site: `Hall ${tag}` },
    ]);
  });

  it('makes one record of an event both sides have (its title and start), not two', async () => {
    const tag = mark();
    const title = `Both have it ${tag}`;
    const when = { start_date: '2027-04-10 20:00:00', end_date: '2027-04-10 22:00:00' };
    const made = await createTecEvent({ title, ...when, cost: '4' });
    const calendar = await calendarFor();
    servers.push(calendar);
    const mine = await calendar.api('/events', { as: 'owner', json: { title, ...when } });
    expect(mine.status).toBe(201);
    const preview = await previewOf(calendar);
    expect(preview.same.event).toBe(1);
    expect(preview.matchedBy.event).toBe('title and start');
    const connected = await connect(calendar);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect((await siteEvents(tag)).map((event) => event.id)).toEqual([made.id]);
    const events = (await pull(calendar)).records.event.filter((event) => event.title.en === title);
    expect(events).toHaveLength(1);
    // Only the site had a cost: Marquee takes it, and nothing waits for the user.
    expect(preview.differing.event).toBe(0);
    expect(await conflictsOf(calendar)).toEqual([]);
    expect(((await calendar.api(`/events/${events[0]!.id}`, owner)).body as Json).cost).toBe('$4');
  });

  it('gives each side what only the other had, venue, organizer and event, and asks nothing', async () => {
    const tag = mark();
    const when = { start_date: '2027-04-11 20:00:00', end_date: '2027-04-11 22:00:00' };
    const venueName = `Hall ${tag}`;
    const crewName = `Crew ${tag}`;
    const title = `Union ${tag}`;
    // The site's: a phone, an address and a state; an email; a cost.
    const siteVenue = await adminRequest('tribe/events/v1/venues', {
      body: { venue: venueName, phone: '555-0199', address: '1 Main St', state: 'NY' },
    });
    const siteCrew = await adminRequest('tribe/events/v1/organizers', {
      body: { organizer: crewName, email: 'crew@example.org' },
    });
    const siteEvent = await createTecEvent({ title, ...when, cost: '4' });
    // Marquee's: a city, a postcode and a website; a phone and a website; a website.
    const calendar = await calendarFor();
    servers.push(calendar);
    const venue = await calendar.api('/venues', {
      ...owner,
      json: {
        venue: venueName,
        city: 'Springfield',
        zip: '12345',
        website: 'https://hall.example/',
      },
    });
    const crew = await calendar.api('/organizers', {
      ...owner,
      json: { organizer: crewName, phone: '555-0100', website: 'https://crew.example/' },
    });
    const event = await calendar.api('/events', {
      ...owner,
      json: { title, ...when, website: 'https://union.example/' },
    });
    for (const made of [venue, crew, event])
      expect(made.status, JSON.stringify(made.body)).toBe(201);

    const preview = await previewOf(calendar);
    expect(preview.differing).toMatchObject({ venue: 0, organizer: 0, event: 0 });
    const connected = await connect(calendar);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect((connected.body as { summary: Json }).summary).toMatchObject({ conflicts: 0 });
    expect(await conflictsOf(calendar)).toEqual([]);

    const venueFacts = {
      phone: '555-0199',
      address: '1 Main St',
      city: 'Springfield',
      zip: '12345',
      stateprovince: 'NY',
      website: 'https://hall.example/',
    };
    const crewFacts = {
      phone: '555-0100',
      email: 'crew@example.org',
      website: 'https://crew.example/',
    };
    const eventFacts = { cost: '$4', website: 'https://union.example/' };
    const venueId = (venue.body as Json).id as number;
    const crewId = (crew.body as Json).id as number;
    const eventId = (event.body as Json).id as number;
    expect((await calendar.api(`/venues/${venueId}`, owner)).body).toMatchObject(venueFacts);
    expect((await calendar.api(`/organizers/${crewId}`, owner)).body).toMatchObject(crewFacts);
    expect((await calendar.api(`/events/${eventId}`, owner)).body).toMatchObject(eventFacts);
    const onSite = (path: string) => adminRequest(`tribe/events/v1/${path}`).then((r) => r.body);
    expect(await onSite(`venues/${siteVenue.body.id as number}`)).toMatchObject(venueFacts);
    expect(await onSite(`organizers/${siteCrew.body.id as number}`)).toMatchObject(crewFacts);
    expect(await onSite(`events/${siteEvent.id}`)).toMatchObject(eventFacts);
  });

  it('asks about a value both sides hold differently, one row per field, as never agreed', async () => {
    const tag = mark();
    const name = `Depot ${tag}`;
    const siteVenue = await adminRequest('tribe/events/v1/venues', {
      body: { venue: name, phone: '555-0199', state: 'CA', city: 'Fresno' },
    });
    const calendar = await calendarFor();
    servers.push(calendar);
    const venue = await calendar.api('/venues', {
      ...owner,
      json: { venue: name, phone: '555-0100', state: 'NY', zip: '10001' },
    });
    expect(venue.status, JSON.stringify(venue.body)).toBe(201);
    expect((await previewOf(calendar)).differing.venue).toBe(1);
    const connected = await connect(calendar);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const conflicts = await conflictsOf(calendar);
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: 'venue',
        name,
        neverAgreed: true,
        fields: {
          phone: { marquee: '555-0100', site: '555-0199' },
          stateprovince: { marquee: 'NY', site: 'CA' },
        },
      }),
    ]);
    // What only one side had went to the other meanwhile.
    const mine = (await calendar.api(`/venues/${(venue.body as Json).id as number}`, owner)).body;
    expect(mine).toMatchObject({ city: 'Fresno', zip: '10001', phone: '555-0100' });
    // Keeping Marquee's sends its phone and region, and empties nothing the site had.
    const decided = await calendar.request(
      `/wp-json/marquee/v1/site/conflicts/${conflicts[0]!.id as number}`,
      { ...owner, json: { keep: 'marquee' } },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const synced = await calendar.request('/wp-json/marquee/v1/site/sync', {
      method: 'POST',
      ...owner,
      json: {},
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(await conflictsOf(calendar)).toEqual([]);
    const onSite = (await adminRequest(`tribe/events/v1/venues/${siteVenue.body.id as number}`))
      .body;
    expect(onSite).toMatchObject({
      phone: '555-0100',
      stateprovince: 'NY',
      city: 'Fresno',
      zip: '10001',
    });
  });
});

async function conflictsOf(server: TestServer): Promise<Json[]> {
  const reply = await server.request('/wp-json/marquee/v1/site/conflicts', owner);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Json[];
}
