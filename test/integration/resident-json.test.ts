/**
 * The resident wire cache (api/tec/events/resident-fragments.ts): a large calendar keeps every
 * event's JSON on disk, made ahead in quiet moments, so a page nobody asked before joins it
 * instead of making it; the JSON follows every change, and its file is the server's own.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { at, createEvent, eventListOf } from '../support/events.ts';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

const EVENTS = 24;
const PAGE = '/events?per_page=4';
let server: TestServer | undefined;
afterEach(() => server?.close());

/** A calendar of 24 events on 24 days, at two venues, in two categories, with a tag. */
async function calendar(options: { dataDir?: string } = {}): Promise<TestServer> {
  const started = await startTestServer({ ...QUIET_PEERS, residentJsonFrom: 1, ...options });
  for (let day = 1; day <= EVENTS; day += 1)
    await createEvent(started, {
      title: `Evening ${day}`,
      start_date: at(day),
      end_date: at(day, 2),
      venue: { venue: day % 2 ? 'Main Hall' : 'Loft' },
      organizer: [{ organizer: 'Friends of Jazz' }],
      categories: day % 3 ? 'Music' : 'Talks',
      tags: 'Late',
    });
  return started;
}

/** An answer's bytes and ETag, as a client reads them. */
async function raw(on: TestServer, path: string) {
  const answer = await fetch(`${on.url}/wp-json/tribe/events/v1${path}`);
  expect(answer.status).toBe(200);
  return { text: await answer.text(), etag: answer.headers.get('etag') };
}

it('joins a page nobody asked from the JSON made ahead, byte for byte the page made anew', async () => {
  server = await calendar();
  const first = await server.statementsDuring(() => raw(server!, `${PAGE}&page=1`));
  await server.idle();
  const pages: Record<number, Awaited<ReturnType<typeof raw>>> = {};
  let joined = 0;
  for (const page of [2, 3, 4, 5, 6])
    joined = Math.max(
      joined,
      await server.statementsDuring(
        async () => (pages[page] = await raw(server!, `${PAGE}&page=${page}`)),
      ),
    );
  // The first page loaded its events, venues, organizers and terms; the others read none (a
  // page made when asked reads its events: 6 statements here).
  expect(first).toBeGreaterThan(5);
  expect(joined).toBeLessThanOrEqual(1);

  // The same calendar served by a server that keeps nothing on disk makes the same bytes (but
  // for its address: another port).
  const { dataDir, url } = server;
  await server.close(true);
  server = await startTestServer({ dataDir });
  for (const [page, kept] of Object.entries(pages)) {
    const made = await raw(server, `${PAGE}&page=${page}`);
    expect(made.text.replaceAll(server.url, url)).toBe(kept.text);
  }
});

it('puts in the counts of the moment, and makes again what a change wrote', async () => {
  server = await calendar();
  await raw(server, `${PAGE}&page=1`);
  await server.idle();
  const before = eventListOf(await server.api(`${PAGE}&page=3`)).events;
  const music = before.flatMap((event) => event.categories).find((term) => term.name === 'Music')!;

  // A new event in Music moves its count in every event's JSON, made long before.
  await createEvent(server, {
    title: 'Matinee',
    start_date: at(40),
    end_date: at(40, 2),
    categories: 'Music',
  });
  const counted = (await server.api(`/categories/${music.id}`)).body as { count: number };
  expect(counted.count).toBe(music.count + 1);
  const after = eventListOf(await server.api(`${PAGE}&page=3`)).events;
  for (const event of after)
    for (const term of event.categories.filter((category) => category.id === music.id))
      expect(term.count).toBe(counted.count);

  // An event written: its own JSON is made again, the others' stay.
  const edited = before[1]!;
  await server.api(`/events/${edited.id}`, { as: 'owner', json: { title: 'Evening, moved' } });
  const titles = eventListOf(await server.api(`${PAGE}&page=3`)).events.map((event) => event.title);
  expect(titles).toContain('Evening, moved');

  // A venue written: every event embedding it shows it as it is now.
  const venue = before[0]!.venue as { id: number };
  await server.api(`/venues/${venue.id}`, { as: 'owner', json: { venue: 'Great Hall' } });
  await server.idle();
  for (const page of [1, 2, 3, 4]) {
    const events = eventListOf(await server.api(`${PAGE}&page=${page}`)).events;
    for (const event of events)
      if ((event.venue as { id?: number }).id === venue.id)
        expect((event.venue as { venue: string }).venue).toBe('Great Hall');
  }
});

it('keeps its file in the data directory, its own, and takes it away', async () => {
  server = await calendar();
  const folder = join(server.dataDir, 'wire-cache');
  await raw(server, `${PAGE}&page=1`);
  await server.idle();
  const files = readdirSync(folder);
  expect(files).toEqual([`wire-${process.pid}.db`]);
  expect(statSync(join(folder, files[0]!)).mode & 0o077).toBe(0);
  const { dataDir } = server;
  await server.close(true);
  expect(readdirSync(folder)).toEqual([]);

  // A file left by a server that no longer runs goes when the next keeps its own.
  mkdirSync(folder, { recursive: true });
  const left = join(folder, 'wire-2147483646.db');
  writeFileSync(left, 'left over');
  server = await startTestServer({ dataDir, residentJsonFrom: 1 });
  await raw(server, `${PAGE}&page=1`);
  expect(existsSync(left)).toBe(false);
});

it('keeps nothing on disk for a calendar the memory holds', async () => {
  server = await startTestServer({ residentJsonFrom: EVENTS + 1 });
  await createEvent(server, { title: 'Alone', start_date: at(1), end_date: at(1, 1) });
  await raw(server, `${PAGE}&page=1`);
  await server.idle();
  expect(existsSync(join(server.dataDir, 'wire-cache'))).toBe(false);
});

it('follows a settings change, and keeps the two scopes asked last', async () => {
  server = await calendar();
  await raw(server, `${PAGE}&page=1`);
  await server.idle();
  await server.request('/wp-json/marquee/v1/settings', {
    as: 'owner',
    method: 'PATCH',
    json: { publicUrls: { event: 'https://venue.example/events/{id}/' } },
  });
  // Asked before anything made ahead follows the change: the list itself must see it.
  for (const event of eventListOf(await server.api(`${PAGE}&page=5`)).events)
    expect(event.url).toBe(`https://venue.example/events/${event.id}/`);

  // Three callers' lists: the editor's and the author's are kept ahead, the public's gave way.
  await server.api(`${PAGE}&page=1`, { as: 'editor' });
  await server.api(`${PAGE}&page=1`, { as: 'author' });
  await server.idle();
  const cost = (as: 'editor' | 'author' | 'anonymous') =>
    server!.statementsDuring(() => server!.api(`${PAGE}&page=6`, { as }));
  // A token's check is two statements, the list's selection one; a page made reads 4 more.
  const [author, editor, anonymous] = [
    await cost('author'),
    await cost('editor'),
    await cost('anonymous'),
  ];
  expect(author).toBeLessThanOrEqual(3);
  expect(editor).toBeLessThanOrEqual(3);
  expect(anonymous).toBeGreaterThan(4);
});

it('goes on without the file when it cannot keep one', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-int-'));
  // A file where the folder would go: the cache's file cannot be made.
  writeFileSync(join(dataDir, 'wire-cache'), 'in the way');
  server = await startTestServer({ dataDir, residentJsonFrom: 1 });
  await createEvent(server, { title: 'Still here', start_date: at(1), end_date: at(1, 1) });
  expect(eventListOf(await server.api(PAGE)).events.map((event) => event.title)).toEqual([
    'Still here',
  ]);
  await server.idle();
  expect(eventListOf(await server.api(`${PAGE}&page=1`)).events).toHaveLength(1);
});
