/**
 * WordPress core's term collections over Marquee's categories and tags
 * (`wp/v2/tribe_events_cat`, `wp/v2/tags`): core's shape and defaults (empty terms listed, by
 * name), filters, one term by id and core's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const wp = (path: string) => server.request(`/wp-json/wp/v2${path}`);

type WpTerm = { id: number; name: string; slug: string; count: number; parent?: number };

let music: number;
let jazz: number;
let eventId: number;

beforeAll(async () => {
  server = await startTestServer();
  const category = (json: object) =>
    server
      .api('/categories', { as: 'owner', json })
      .then((reply) => (reply.body as { id: number }).id);
  music = await category({ name: 'Music' });
  jazz = await category({ name: 'Jazz', parent: music });
  await category({ name: 'Theatre' });
  const event = await server.api('/events', {
    as: 'owner',
    json: {
      title: 'Late set',
      start_date: '2026-12-01 20:00:00',
      end_date: '2026-12-01 23:00:00',
      categories: [jazz],
      tags: ['late', 'cheap'],
    },
  });
  eventId = (event.body as { id: number }).id;
});
afterAll(() => server.close());

describe('wp/v2/tribe_events_cat', () => {
  it('lists every category by name with parent, count and links, empty ones too', async () => {
    const reply = await wp('/tribe_events_cat');
    expect(reply.headers.get('x-wp-total')).toBe('3');
    const terms = reply.body as WpTerm[];
    expect(terms.map((term) => term.name)).toEqual(['Jazz', 'Music', 'Theatre']);
    expect(terms[0]).toMatchObject({
      id: jazz,
      count: 1,
      description: '',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: music,
      meta: [],
      _links: {
        collection: [{ href: `${server.url}/wp-json/wp/v2/tribe_events_cat` }],
        'wp:post_type': [
          { href: `${server.url}/wp-json/wp/v2/tribe_events?tribe_events_cat=${jazz}` },
          { href: `${server.url}/wp-json/wp/v2/tec_calendar_embed?tribe_events_cat=${jazz}` },
        ],
      },
    });
  });

  it('filters by parent, post, hide_empty and search, and pages', async () => {
    const names = async (query: string) =>
      ((await wp(`/tribe_events_cat?${query}`)).body as WpTerm[]).map((term) => term.name);
    expect(await names(`parent=${music}`)).toEqual(['Jazz']);
    expect(await names(`post=${eventId}`)).toEqual(['Jazz']);
    expect(await names('hide_empty=true')).toEqual(['Jazz', 'Music']);
    expect(await names('search=thea')).toEqual(['Theatre']);
    expect(await names('orderby=id&order=desc&per_page=1&page=2')).toEqual(['Jazz']);
    expect((await wp('/tribe_events_cat?per_page=101')).status).toBe(400);
  });

  it('reads one category, 404 for none and for a tag', async () => {
    expect((await wp(`/tribe_events_cat/${music}`)).body).toMatchObject({ id: music, parent: 0 });
    const tag = ((await wp('/tags')).body as WpTerm[])[0]!;
    for (const id of [999999, tag.id])
      expect(await wp(`/tribe_events_cat/${id}`)).toMatchObject({
        status: 404,
        body: { code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } },
      });
  });
});

describe('wp/v2/tags', () => {
  it('lists tags without a parent, with their links to posts and events', async () => {
    const tags = (await wp('/tags')).body as WpTerm[];
    expect(tags.map((tag) => tag.name)).toEqual(['cheap', 'late']);
    expect(tags[0]).not.toHaveProperty('parent');
    expect(tags[0]).toMatchObject({ taxonomy: 'post_tag', count: 1 });
    expect((await wp(`/tags?_fields=name&include=${tags[1]!.id}`)).body).toEqual([
      { name: 'late' },
    ]);
  });
});

describe('writes through wp/v2 terms', () => {
  it('creates, updates and deletes for good as core answers, by Marquee’s role rules', async () => {
    const made = await server.request('/wp-json/wp/v2/tribe_events_cat', {
      as: 'editor',
      json: { name: 'Opera', parent: music },
    });
    const { id } = made.body as WpTerm;
    expect(made).toMatchObject({
      status: 201,
      body: { name: 'Opera', parent: music, count: 0, taxonomy: 'tribe_events_cat' },
    });
    expect(made.headers.get('location')).toBe(`${server.url}/wp-json/wp/v2/tribe_events_cat/${id}`);
    expect((made.body as { _links: object })._links).toMatchObject({
      self: [{ targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } }],
    });
    // An author creates terms but manages none: the links say so.
    const byAuthor = await server.request('/wp-json/wp/v2/tags', {
      as: 'author',
      json: { name: 'by-author' },
    });
    expect(byAuthor.status).toBe(201);
    expect((byAuthor.body as { _links: object })._links).toMatchObject({
      self: [{ targetHints: { allow: ['GET'] } }],
    });
    const tagId = (byAuthor.body as WpTerm).id;
    expect(
      (await server.request(`/wp-json/wp/v2/tags/${tagId}`, { as: 'author', method: 'DELETE' }))
        .status,
    ).toBe(403);
    const renamed = await server.request(`/wp-json/wp/v2/tribe_events_cat/${id}`, {
      as: 'editor',
      method: 'PATCH',
      json: { name: 'Grand Opera' },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id, name: 'Grand Opera', slug: 'opera' },
    });
    expect(
      await server.request(`/wp-json/wp/v2/tribe_events_cat/${tagId}`, {
        as: 'editor',
        method: 'PATCH',
        json: { name: 'x' },
      }),
    ).toMatchObject({ status: 404, body: { code: 'rest_term_invalid' } });
    expect(
      await server.request(`/wp-json/wp/v2/tribe_events_cat/${id}`, {
        as: 'editor',
        method: 'DELETE',
      }),
    ).toMatchObject({ status: 501, body: { code: 'rest_trash_not_supported' } });
    // The deleted term's address names its parent, as it did before the delete.
    const settings = '/wp-json/marquee/v1/settings';
    const category = (pattern?: string) =>
      server.request(settings, {
        as: 'owner',
        method: 'POST',
        json: { publicUrls: pattern ? { category: pattern } : {} },
      });
    expect((await category('https://venue.example/category/{slug}/')).status).toBe(200);
    const deleted = await server.request(`/wp-json/wp/v2/tribe_events_cat/${id}?force=true`, {
      as: 'editor',
      method: 'DELETE',
    });
    expect(deleted).toMatchObject({
      status: 200,
      body: {
        deleted: true,
        previous: { id, name: 'Grand Opera', link: 'https://venue.example/category/music/opera/' },
      },
    });
    await category();
    expect((deleted.body as { previous: object }).previous).not.toHaveProperty('_links');
    expect((await wp(`/tribe_events_cat/${id}`)).status).toBe(404);
  });
});
