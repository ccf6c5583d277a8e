/**
 * TEC's `wp/v2/tribe_events` lists leave out the events that ended before now, from the page and
 * from `X-WP-Total`; each is still read alone by its id. Marquee's lists do the same, so a
 * website build written against a TEC site shows the same upcoming events.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(QUIET_PEERS);
});
afterAll(() => server.close());

const wp = (path: string) => server.request(`/wp-json/wp/v2${path}`);

async function event(title: string, start: string, end: string): Promise<number> {
  const made = await server.api('/events', {
    as: 'owner',
    json: { title, start_date: start, end_date: end },
  });
  expect(made.status).toBe(201);
  return (made.body as { id: number }).id;
}

it('leaves an event that ended out of lists and totals, but reads it alone', async () => {
  // The server's clock stands at 2026-11-20 10:00 UTC: one ended an hour ago, one goes on.
  const ended = await event('Matinee', '2026-11-20 08:00:00', '2026-11-20 09:00:00');
  const going = await event('Long day', '2026-11-20 08:00:00', '2026-11-20 18:00:00');
  const coming = await event('Gala', '2026-12-01 19:00:00', '2026-12-01 22:00:00');

  const listed = await wp('/tribe_events?per_page=100&_fields=id');
  expect((listed.body as { id: number }[]).map((post) => post.id).sort()).toEqual(
    [going, coming].sort(),
  );
  expect(listed.headers.get('x-wp-total')).toBe('2');
  expect((await wp(`/tribe_events?include=${ended}`)).body).toEqual([]);
  expect(await wp(`/tribe_events/${ended}`)).toMatchObject({ status: 200, body: { id: ended } });
});

it('leaves out an event once it ends, with no write between, and a deep page costs no count', async () => {
  const ids: number[] = [];
  for (let day = 1; day <= 12; day++)
    ids.push(
      await event(`Late show ${day}`, '2026-11-20 11:00:00', `2026-11-20 ${10 + day}:30:00`),
    );
  const list = (page: number) => wp(`/tribe_events?per_page=4&page=${page}&_fields=id`);
  const listedIds = async () => {
    const all: number[] = [];
    for (let page = 1; ; page++) {
      const one = await list(page);
      all.push(...(one.body as { id: number }[]).map((post) => post.id));
      if (page >= Number(one.headers.get('x-wp-totalpages'))) return all;
    }
  };
  const first = await server.statementsDuring(() => list(1));
  expect(await server.statementsDuring(() => list(3))).toBeLessThan(first);
  const before = await listedIds();
  for (const id of ids) expect(before).toContain(id);

  // 14:00: the shows that ended at 11:30, 12:30 and 13:30 have left the list and its total.
  server.clock.set(new Date('2026-11-20T14:00:00Z'));
  const after = await listedIds();
  expect(after).toEqual(before.filter((id) => !ids.slice(0, 3).includes(id)));
  expect((await list(1)).headers.get('x-wp-total')).toBe(String(after.length));
});
