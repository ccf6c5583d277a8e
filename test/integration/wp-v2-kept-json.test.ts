/**
 * `wp/v2` post lists keep each post's JSON as TEC's routes keep their events' (event-fragments.ts):
 * a page asked again joins the kept bytes, byte for byte what a page made anew has; the JSON
 * follows the writes of its event, its terms and the settings; on a large calendar every
 * event's is made ahead, so a page nobody asked reads none.
 */
import { afterEach, expect, it } from 'vitest';
import { at, createEvent } from '../support/events.ts';
import {
  OWNER_TOKEN,
  QUIET_PEERS,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

const EVENTS = 16;
let server: TestServer | undefined;
afterEach(() => server?.close());

/** A calendar of 16 events on 16 days, in two categories. */
async function calendar(options: { residentJsonFrom?: number } = {}): Promise<TestServer> {
  const started = await startTestServer({ ...QUIET_PEERS, ...options });
  for (let day = 1; day <= EVENTS; day += 1)
    await createEvent(started, {
      title: `Evening ${day}`,
      start_date: at(day),
      end_date: at(day, 2),
      categories: day % 2 ? 'Music' : 'Talks',
    });
  return started;
}

/** A page's bytes as the owner's token reads it (a token's wp/v2 answers are never cached). */
async function page(on: TestServer, query: string) {
  const answer = await fetch(`${on.url}/wp-json/wp/v2/tribe_events?per_page=4&${query}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(answer.status).toBe(200);
  return answer.text();
}

type Post = { id: number; title: { rendered: string }; class_list: string[]; link: string };
const posts = (text: string) => JSON.parse(text) as Post[];

it('joins the kept JSON of a page asked again, byte for byte the page made anew', async () => {
  server = await calendar();
  const made = await server.statementsDuring(() => page(server!, 'page=2'));
  let kept = '';
  const joined = await server.statementsDuring(async () => (kept = await page(server!, 'page=2')));
  // Made: the token's check, the records, their texts, links and terms; kept: the token's check.
  expect(joined).toBeLessThan(made);
  expect(joined).toBeLessThanOrEqual(2);
  // A password asked makes the posts anew (none here is protected): the same bytes.
  expect(await page(server, 'page=2&password=none')).toBe(kept);
  expect(posts(kept)).toHaveLength(4);
  // Another shape is kept apart.
  const fields = posts(await page(server, 'page=2&_fields=id,title'));
  expect(Object.keys(fields[0]!)).toEqual(['id', 'title']);
  expect(posts(await page(server, 'page=2'))[0]).toHaveProperty('class_list');
});

it('follows a write of its event, a renamed category and a settings change', async () => {
  server = await calendar();
  const [first] = posts(await page(server, 'page=1'));

  await server.api(`/events/${first!.id}`, { as: 'owner', json: { title: 'Renamed evening' } });
  expect(posts(await page(server, 'page=1'))[0]!.title.rendered).toBe('Renamed evening');

  const categories = (await server.api('/categories?per_page=50')).body as {
    categories: { id: number; name: string }[];
  };
  const music = categories.categories.find((term) => term.name === 'Music')!;
  await server.api(`/categories/${music.id}`, { as: 'owner', json: { slug: 'songs' } });
  const classes = posts(await page(server, 'page=1')).flatMap((post) => post.class_list);
  expect(classes).toContain('tribe_events_cat-songs');
  expect(classes).not.toContain('tribe_events_cat-music');

  await server.request('/wp-json/marquee/v1/settings', {
    as: 'owner',
    method: 'PATCH',
    json: { publicUrls: { event: 'https://venue.example/events/{id}/' } },
  });
  for (const post of posts(await page(server, 'page=1')))
    expect(post.link).toBe(`https://venue.example/events/${post.id}/`);
});

it('on a large calendar, joins a page nobody asked from the JSON made ahead', async () => {
  server = await calendar({ residentJsonFrom: 1 });
  await page(server, 'page=1');
  await server.idle();
  let most = 0;
  for (const number of [2, 3, 4])
    most = Math.max(most, await server.statementsDuring(() => page(server!, `page=${number}`)));
  // The token's check; a page made when asked reads its records, texts, links and terms.
  expect(most).toBeLessThanOrEqual(2);
});
