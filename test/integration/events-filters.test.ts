/** GET /events filters: search, status, terms, links, include. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventListOf, titles } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTerm } from '../support/terms.ts';
import { createVenue, expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const soon = (n: number) => ({ start_date: at(1, n), end_date: at(1, n + 1) });

it('searches words in title, excerpt and description, in the request and default languages (TEC 16)', async () => {
  await createEvent(server, { title: 'foo', ...soon(1) });
  await createEvent(server, { title: 'foo bar', ...soon(2) });
  await createEvent(server, { title: 'Quiz', description: 'Questions about FOO', ...soon(3) });
  const translated = await createEvent(server, { title: 'Concert', ...soon(4) });
  await server.api(`/events/${translated.id}`, {
    as: 'owner',
    json: { title: 'Konzert', language: 'de' },
  });
  expect(await titles(server, '?search=foo')).toEqual(['foo', 'foo bar', 'Quiz']);
  expect(await titles(server, '?search=bar%20foo')).toEqual(['foo bar']);
  expect(await titles(server, '?search=konzert&language=de')).toEqual(['Konzert']);
  expect(await titles(server, '?search=concert&language=de')).toEqual(['Konzert']);
  expect(await titles(server, '?search=konzert&language=fr')).toEqual([]);
  expectError(await server.api('/events?search='), 400, 'rest_invalid_param');
});

it('shows anonymous callers published events and lets editors pick statuses (TEC 18–20)', async () => {
  await createEvent(server, { title: 'Published', ...soon(1) });
  await createEvent(server, { title: 'Draft', status: 'draft', ...soon(2) });
  await createEvent(server, { title: 'Pending', status: 'pending', ...soon(3) });
  expect(await titles(server, '')).toEqual(['Published']);
  expect(await titles(server, '?status=publish')).toEqual(['Published']);
  expect(await titles(server, '', 'editor')).toEqual(['Published', 'Draft', 'Pending']);
  expect(await titles(server, '?status=publish,%20draft', 'editor')).toEqual([
    'Published',
    'Draft',
  ]);
  expect(await titles(server, '?status[]=draft&status[]=pending', 'editor')).toEqual([
    'Draft',
    'Pending',
  ]);
  expectError(await server.api('/events?status=publish,draft'), 400, 'rest_invalid_param');
  expectError(
    await server.api('/events?status=foo,%20bar,%20publish', { as: 'editor' }),
    400,
    'rest_invalid_param',
  );
});

it('never lists events hidden from listings', async () => {
  await createEvent(server, { title: 'Shown', ...soon(1) });
  await createEvent(server, { title: 'Hidden', hide_from_listings: true, ...soon(2) });
  expect(await titles(server, '', 'owner')).toEqual(['Shown']);
});

describe('categories and tags (TEC 21–24)', () => {
  it('filters by id or slug, as an array or CSV, with OR logic', async () => {
    const jazz = await createTerm(server, 'categories', { name: 'Jazz' });
    await createTerm(server, 'categories', { name: 'Empty' });
    await createEvent(server, { title: 'A', categories: 'Jazz', ...soon(1) });
    await createEvent(server, { title: 'B', categories: ['Rock'], ...soon(2) });
    await createEvent(server, {
      title: 'C',
      categories: [jazz.id, 'Rock'],
      tags: 'outdoor',
      ...soon(3),
    });
    await createEvent(server, { title: 'D', ...soon(4) });
    expect(await titles(server, `?categories=${jazz.id}`)).toEqual(['A', 'C']);
    expect(await titles(server, '?categories[]=jazz&categories[]=rock')).toEqual(['A', 'B', 'C']);
    expect(await titles(server, `?categories=${jazz.id},rock`)).toEqual(['A', 'B', 'C']);
    expect(await titles(server, '?categories=empty')).toEqual([]);
    expect(await titles(server, '?tags=outdoor')).toEqual(['C']);
    expect(await titles(server, '?categories=jazz&per_page=1&page=2')).toEqual(['C']);
    expectError(await server.api('/events?categories[]=cat1'), 400, 'rest_invalid_param');
    expectError(await server.api('/events?tags=9999'), 400, 'rest_invalid_param');
  });
});

it('filters featured events (TEC 25)', async () => {
  await createEvent(server, { title: 'Star', featured: true, ...soon(1) });
  await createEvent(server, { title: 'Plain', ...soon(2) });
  await createEvent(server, { title: 'Star draft', featured: 'true', status: 'draft', ...soon(3) });
  expect(await titles(server, '?featured=true')).toEqual(['Star']);
  expect(await titles(server, '?featured=false')).toEqual(['Plain']);
  expect(await titles(server, '?featured=1', 'editor')).toEqual(['Star', 'Star draft']);
  expect(await titles(server, '')).toEqual(['Star', 'Plain']);
});

it('filters by venue and organizer, as arrays or CSV, OR-ed (TEC 26–28)', async () => {
  const hall = await createVenue(server, { venue: 'Hall' });
  const club = await createVenue(server, { venue: 'Club' });
  const empty = await createVenue(server, { venue: 'Empty' });
  const first = await createEvent(server, {
    title: 'At hall',
    venue: hall.id,
    organizer: [{ organizer: 'Ann' }],
    ...soon(1),
  });
  await createEvent(server, {
    title: 'At club',
    venue: { id: club.id },
    organizer: [{ organizer: 'Bob' }],
    ...soon(2),
  });
  await createEvent(server, { title: 'Hall draft', venue: hall.id, status: 'draft', ...soon(3) });
  const ann = first.organizer[0]?.id ?? 0;
  expect(await titles(server, `?venue=${hall.id}`)).toEqual(['At hall']);
  expect(await titles(server, `?venue=${hall.id}`, 'editor')).toEqual(['At hall', 'Hall draft']);
  expect(await titles(server, `?venue=${hall.id},${club.id}`)).toEqual(['At hall', 'At club']);
  expect(await titles(server, `?venue[]=${empty.id}`)).toEqual([]);
  expect(await titles(server, `?organizer=${ann}`)).toEqual(['At hall']);
  expectError(await server.api('/events?venue=foo'), 400, 'rest_invalid_param');
  expectError(await server.api(`/events?venue=${ann}`), 400, 'rest_invalid_param');
  expectError(await server.api('/events?organizer=9999'), 400, 'rest_invalid_param');
});

it('lists the children of a series with post_parent (TEC 29)', async () => {
  const parent = await createEvent(server, { title: 'Festival', ...soon(1) });
  await createEvent(server, { title: 'Day one', post_parent: parent.id, ...soon(2) });
  await createEvent(server, { title: 'Day two', post_parent: parent.id, ...soon(3) });
  const page = eventListOf(await server.api(`/events?post_parent=${parent.id}`));
  expect(page.events.map((event) => event.title)).toEqual(['Day one', 'Day two']);
  expect(page).toMatchObject({ total: 2, total_pages: 1 });
  expectError(await server.api('/events?post_parent=foo-bar'), 400, 'rest_invalid_param');
  expectError(await server.api('/events?post_parent=23'), 400, 'rest_invalid_param');
});

it('takes include as an array or CSV and ignores the date window (TEC 30)', async () => {
  const past = await createEvent(server, {
    title: 'Past',
    start_date: '2020-01-01 10:00',
    end_date: '2020-01-01 11:00',
  });
  const next = await createEvent(server, { title: 'Next', ...soon(1) });
  await createEvent(server, { title: 'Other', ...soon(2) });
  expect(await titles(server, `?include=${past.id},${next.id}`)).toEqual(['Past', 'Next']);
  expect(await titles(server, `?include[]=${next.id}`)).toEqual(['Next']);
  expectError(await server.api('/events?include=foo-bar,23,89'), 400, 'rest_invalid_param');
});

it('answers ticketed=true with TEC’s code (no ticketing here), accepts geoloc', async () => {
  await createEvent(server, { title: 'Gig', ...soon(1) });
  const envelope = expectError(
    await server.api('/events?ticketed=true'),
    400,
    'rest_invalid_param',
  );
  expect(envelope.data.details).toEqual({
    ticketed: {
      code: 'event-tickets-not-active',
      message: 'Event Tickets is not active: Marquee sells no tickets.',
      data: { status: 400 },
    },
  });
  expect(await titles(server, '?ticketed=false')).toEqual(['Gig']);
  expect((await server.api('/events?geoloc=true&geoloc_lat=48.1&geoloc_lng=11.5')).status).toBe(
    200,
  );
  expectError(await server.api('/events?geoloc_lat=48.1'), 400, 'rest_invalid_param');
});

it('keeps every filter in the paging URLs', async () => {
  await createTerm(server, 'categories', { name: 'Talks' });
  for (let n = 0; n < 3; n += 1)
    await createEvent(server, { title: `T${n}`, categories: 'Talks', ...soon(n) });
  const page = eventListOf(await server.api('/events?categories=talks&per_page=1&search=t'));
  expect(page.next_rest_url).toContain('categories=talks');
  expect(page.next_rest_url).toContain('search=t');
});
