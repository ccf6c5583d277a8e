/**
 * The API's answers, byte for byte: a seeded calendar is asked a broad set of requests (every
 * kind, list and single, filters, languages, roots, errors, files) and each answer is compared
 * with the one recorded in test/fixtures/answers/recorded.json. A restructuring of the server
 * must keep them identical; a change that means to alter an answer re-records them
 * (`RECORD_ANSWERS=1 npx vitest run test/integration/recorded-answers.test.ts`) and the diff of
 * the fixture shows exactly what website builds will see change.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/answers/recorded.json');
const RECORDING = process.env.RECORD_ANSWERS === '1';

/** The headers a client reads; the rest (dates, keep-alive) say nothing about the answer. */
const HEADERS = [
  'content-type',
  'x-tec-total',
  'x-tec-totalpages',
  'link',
  'allow',
  'content-disposition',
];

type Answer = { status: number; headers: Record<string, string>; body: string };

let server: TestServer;

/** Answers name the server's random port and records' random uuids: both get stable names. */
function normalized(text: string, uuids: Map<string, string>): string {
  const host = new URL(server.url).host;
  return (
    text
      .replaceAll(server.url, 'http://HOST')
      .replaceAll(host, 'HOST')
      // global_id names the host without its port, as TEC does.
      .replaceAll(`${new URL(server.url).hostname}?id=`, 'HOST?id=')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => {
        let name = uuids.get(uuid);
        if (!name) uuids.set(uuid, (name = `uuid-${uuids.size + 1}`));
        return name;
      })
  );
}

async function seed(): Promise<void> {
  const owner = { as: 'owner' as const };
  const venue = async (json: Record<string, unknown>) =>
    ((await server.api('/venues', { ...owner, json })).body as { id: number }).id;
  const hall = await venue({
    venue: 'Konzerthaus',
    address: 'Gendarmenmarkt 1',
    city: 'Berlin',
    country: 'Germany',
    zip: '10117',
    phone: '+49 30 203090',
    website: 'https://konzerthaus.example/',
  });
  const club = await venue({ venue: 'Blue Note', city: 'New York', state: 'NY' });
  await server.api(`/venues/${club}`, {
    ...owner,
    json: { venue: 'Blue Note (de)', language: 'de' },
  });
  const organizer = (
    (await server.api('/organizers', {
      ...owner,
      json: { organizer: 'Jazz Society', email: 'hi@jazz.example', phone: '555-0100' },
    })) as { body: { id: number } }
  ).body.id;
  const music = (
    (await server.api('/categories', { ...owner, json: { name: 'Music' } })) as {
      body: { id: number };
    }
  ).body.id;
  await server.api('/categories', { ...owner, json: { name: 'Jazz', parent: music } });
  await server.api('/tags', { ...owner, json: { name: 'late', description: 'After ten' } });

  const day = (n: number, time: string) => `2026-12-${String(n).padStart(2, '0')} ${time}`;
  await createEvent(server, {
    title: 'Jazz & Blues Night',
    description: 'Line one\n\nLine <b>two</b>',
    excerpt: 'Short',
    start_date: day(1, '20:00:00'),
    end_date: day(1, '23:00:00'),
    timezone: 'Europe/Berlin',
    cost: '€12 - €18',
    website: 'https://gig.example/',
    image: 'https://img.example/poster.jpg',
    venue: hall,
    organizer: [organizer],
    categories: ['Jazz', 'Music'],
    tags: ['late'],
    featured: true,
  });
  const translated = await createEvent(server, {
    title: 'Choir Evening',
    start_date: day(3, '19:00:00'),
    end_date: day(3, '21:00:00'),
    cost: '10',
    venue: club,
    show_map: true,
  });
  await server.api(`/events/${translated.id}`, {
    ...owner,
    json: { title: 'Chorabend', description: 'Auf Deutsch', language: 'de' },
  });
  await createEvent(server, {
    title: 'Market Day',
    all_day: true,
    start_date: day(6, '00:00:00'),
    end_date: day(7, '23:59:59'),
    timezone: 'UTC+2',
    cost: 'Free',
    sticky: true,
  });
  await createEvent(server, {
    title: 'Members Evening',
    description: 'Secret text',
    start_date: day(8, '20:00:00'),
    end_date: day(8, '22:00:00'),
    password: 'sesame',
    venue: hall,
  });
  await createEvent(server, {
    title: 'Hidden Rehearsal',
    start_date: day(9, '10:00:00'),
    end_date: day(9, '12:00:00'),
    hide_from_listings: true,
  });
  await createEvent(server, {
    title: 'Draft Gala',
    start_date: day(10, '19:00:00'),
    end_date: day(10, '23:00:00'),
    status: 'draft',
  });
  const trashed = await createEvent(server, {
    title: 'Cancelled Show',
    start_date: day(11, '19:00:00'),
    end_date: day(11, '21:00:00'),
  });
  await server.api(`/events/${trashed.id}`, { ...owner, method: 'DELETE' });
}

const TEC = '/wp-json/tribe/events/v1';
const MARQUEE = '/wp-json/marquee/v1';

/** What is asked: [caller, path]. */
const REQUESTS: readonly ['anonymous' | 'owner', string][] = [
  ['anonymous', `${TEC}/events`],
  ['anonymous', `${TEC}/events?per_page=2&page=2`],
  ['anonymous', `${TEC}/events?categories=music`],
  ['anonymous', `${TEC}/events?tags=late&featured=true`],
  ['anonymous', `${TEC}/events?search=choir`],
  ['anonymous', `${TEC}/events?start_date=2026-12-05&end_date=2026-12-31`],
  ['anonymous', `${TEC}/events?venue=1`],
  ['anonymous', `${TEC}/events?language=de`],
  ['anonymous', '/de/wp-json/tribe/events/v1/events/by-slug/choir-evening'],
  ['anonymous', `${TEC}/events/4`],
  ['anonymous', `${TEC}/events/6`],
  ['anonymous', `${TEC}/events/7?password=sesame`],
  ['anonymous', `${TEC}/events/by-slug/market-day`],
  ['anonymous', `${TEC}/events/999`],
  ['anonymous', `${TEC}/events/by-slug/nothing-here`],
  ['anonymous', `${TEC}/events?page=9`],
  ['anonymous', `${TEC}/events?per_page=0`],
  ['owner', `${TEC}/events?status=draft,publish`],
  ['owner', `${TEC}/events/10`],
  ['anonymous', `${TEC}/events/10`],
  ['anonymous', `${TEC}/events/7`],
  ['anonymous', `${TEC}/venues`],
  ['anonymous', `${TEC}/venues/1`],
  ['anonymous', `${TEC}/venues/by-slug/blue-note?language=de`],
  ['anonymous', `${TEC}/venues?search=berlin`],
  ['anonymous', `${TEC}/organizers`],
  ['anonymous', `${TEC}/organizers/3`],
  ['anonymous', `${TEC}/categories?hide_empty=false`],
  ['anonymous', `${TEC}/categories/2`],
  ['anonymous', `${TEC}/tags`],
  ['anonymous', '/?rest_route=/calendar/events/v1/events&per_page=1'],
  ['anonymous', '/wp-json/'],
  ['anonymous', `${TEC}/`],
  ['anonymous', `${TEC}/doc`],
  ['anonymous', `${MARQUEE}/ical`],
  ['owner', `${MARQUEE}/export?format=csv`],
  ['owner', `${MARQUEE}/export?format=csv&kind=venues`],
  ['anonymous', `${MARQUEE}/health`],
];

const keyOf = ([caller, path]: (typeof REQUESTS)[number]) => `${caller} GET ${path}`;

async function answer(request: (typeof REQUESTS)[number], uuids: Map<string, string>) {
  const [caller, path] = request;
  const headers: Record<string, string> = {};
  if (caller === 'owner') headers.authorization = 'Bearer test-owner-token-0123456789';
  const response = await fetch(`${server.url}${path}`, { headers });
  const picked: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) picked[name] = normalized(value, uuids);
  }
  return {
    status: response.status,
    headers: picked,
    body: normalized(await response.text(), uuids),
  } satisfies Answer;
}

describe('recorded answers', () => {
  const answers = new Map<string, Answer>();

  beforeAll(async () => {
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    await seed();
    const uuids = new Map<string, string>();
    for (const request of REQUESTS) answers.set(keyOf(request), await answer(request, uuids));
    if (RECORDING) {
      mkdirSync(dirname(FIXTURE), { recursive: true });
      writeFileSync(FIXTURE, `${JSON.stringify(Object.fromEntries(answers), null, 1)}\n`);
    }
  });
  afterAll(() => server.close());

  it('has a recording to compare with', () => {
    expect(existsSync(FIXTURE), 'record with RECORD_ANSWERS=1').toBe(true);
  });

  const recorded = existsSync(FIXTURE)
    ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Answer>)
    : {};
  it.each(REQUESTS.map(keyOf))('%s', (key) => {
    expect(recorded[key], 'not recorded yet').toBeDefined();
    const now = answers.get(key);
    expect(now?.status).toBe(recorded[key]?.status);
    expect(now?.headers).toEqual(recorded[key]?.headers);
    // Compared as text: byte-identical bodies, key order included.
    expect(now?.body).toBe(recorded[key]?.body);
  });
});
