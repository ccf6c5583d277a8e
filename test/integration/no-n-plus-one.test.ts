/** A page of 50 costs as many SQL statements as a page of 1: no query per record. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { at, createEvent } from '../support/events.ts';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(QUIET_PEERS);
  for (let n = 0; n < 55; n += 1) {
    await createEvent(server, {
      title: `Event ${n}`,
      start_date: at(1, n),
      end_date: at(1, n + 1),
      venue: { venue: `Venue ${n % 7}` },
      organizer: [{ organizer: `Organizer ${n % 5}` }, { organizer: `Organizer ${(n + 1) % 5}` }],
      categories: [`Category ${n % 4}`],
      tags: [`tag-${n % 6}`, `tag-${(n + 2) % 6}`],
    });
  }
});
afterAll(() => server.close());

/** TEC's routes, and WordPress's own over the same records (`wp/…`, embedding authors and terms). */
const ROUTES = [
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
  'wp/tribe_events?_embed',
  'wp/tribe_venue?_embed',
  'wp/tribe_events_cat?',
];

it.each(ROUTES)('GET /%s', async (route) => {
  let writes = 0;
  const measure = async (perPage: number) => {
    // A write first, so nothing remembered from the last request (term counts) is reused.
    writes += 1;
    await server.api('/tags', { as: 'owner', json: { name: `tick ${route} ${writes}` } });
    const before = server.statementCount();
    // The write moved the generation: the response cache has nothing for it.
    const reply = route.startsWith('wp/')
      ? await server.request(`/wp-json/wp/v2/${route.slice(3)}&per_page=${perPage}`, {
          as: 'editor',
        })
      : await server.api(`/${route}?per_page=${perPage}`, { as: 'editor' });
    expect(reply.status).toBe(200);
    return server.statementCount() - before;
  };
  // Each list asked twice before it is measured: one asked again after a change keeps its
  // selection (list-selections.ts) and from then on checks at each change what it touched;
  // its first ask counts and reads a page instead. Then the fewest of three asks: the server's
  // own timers (publishing at a post's date, snapshots, the search backlog) may run a statement
  // during one of them, which only ever adds; a query per record would add about fifty to
  // every ask.
  const statements = async (perPage: number) => {
    await measure(perPage);
    await measure(perPage);
    return Math.min(await measure(perPage), await measure(perPage), await measure(perPage));
  };
  expect(await statements(50)).toBe(await statements(1));
});
