/** Categories and tags. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTerm, termListOf, termOf } from '../support/terms.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const all = '?hide_empty=false';

describe('GET /categories and /tags', () => {
  it('answers an empty taxonomy with zero totals, headers and no links', async () => {
    const reply = await server.api(`/categories${all}`);
    expect(reply.headers.get('x-tec-total')).toBe('0');
    const page = termListOf(reply, 'categories');
    expect(page).toMatchObject({ categories: [], total: 0, total_pages: 0 });
    expect(page).not.toHaveProperty('next_rest_url');
  });

  it('hides terms without published events by default', async () => {
    await createTerm(server, 'tags', { name: 'unused' });
    expect(termListOf(await server.api('/tags'), 'tags').total).toBe(0);
    expect(termListOf(await server.api(`/tags${all}`), 'tags').total).toBe(1);
  });

  it('pages in disjoint sets, and a page past the end is an empty 200', async () => {
    for (let n = 1; n <= 9; n += 1) await createTerm(server, 'categories', { name: `Cat ${n}` });
    const one = termListOf(await server.api(`/categories${all}&per_page=3`), 'categories');
    const two = termListOf(await server.api(`/categories${all}&per_page=3&page=2`), 'categories');
    expect(one).toMatchObject({ total: 9, total_pages: 3 });
    expect(one.next_rest_url).toContain('page=2');
    expect(one).not.toHaveProperty('previous_rest_url');
    expect(two.previous_rest_url).not.toMatch(/[?&]page=/);
    expect(two.next_rest_url).toContain('page=3');
    const names = [...one.categories, ...two.categories].map((term) => term.name);
    expect(new Set(names).size).toBe(6);
    const past = await server.api(`/categories${all}&per_page=3&page=9`);
    expect(past.status).toBe(200);
    expect(termListOf(past, 'categories').categories).toEqual([]);
  });

  it('searches names and slugs, and filters by include, exclude and slug', async () => {
    const foo = await createTerm(server, 'tags', { name: 'foo' });
    await createTerm(server, 'tags', { name: 'Food Trucks', slug: 'trucks' });
    const bar = await createTerm(server, 'tags', { name: 'bar', slug: 'foo-bar' });
    const total = async (query: string) =>
      termListOf(await server.api(`/tags${all}&${query}`), 'tags').total;
    expect(await total('search=foo')).toBe(3);
    expect(await total('search=trucks')).toBe(1);
    expect(await total('search=zoot')).toBe(0);
    expect(await total(`include=${foo.id},${bar.id}`)).toBe(2);
    expect(await total(`include[]=${foo.id}`)).toBe(1);
    expect(await total('include=foo-bar')).toBe(1);
    expect(await total(`exclude=${foo.id}`)).toBe(2);
    expect(await total('slug=trucks')).toBe(1);
    expect(await total('slug=nope')).toBe(0);
    expectError(await server.api(`/tags${all}&include=2389`), 400, 'rest_invalid_param');
    expectError(await server.api(`/tags${all}&slug=`), 400, 'rest_invalid_param');
  });

  it('orders by id, name, or the include list, either way', async () => {
    const b = await createTerm(server, 'categories', { name: 'Beta' });
    const a = await createTerm(server, 'categories', { name: 'alpha' });
    const c = await createTerm(server, 'categories', { name: 'Gamma' });
    const ids = async (query: string) =>
      termListOf(await server.api(`/categories${all}&${query}`), 'categories').categories.map(
        (term) => term.id,
      );
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('orderby=id&order=desc')).toEqual([c.id, a.id, b.id]);
    expect(await ids('orderby=id&order=asc')).toEqual([b.id, a.id, c.id]);
    expect(await ids('orderby=name&order=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids(`include=${c.id},${b.id}&orderby=include`)).toEqual([c.id, b.id]);
    expectError(await server.api(`/categories${all}&order=`), 400, 'rest_invalid_param');
    expectError(await server.api(`/categories${all}&orderby=`), 400, 'rest_invalid_param');
  });

  it('lists the children of a category, and refuses unknown parents', async () => {
    const music = await createTerm(server, 'categories', { name: 'Music' });
    await createTerm(server, 'categories', { name: 'Jazz', parent: music.id });
    await createTerm(server, 'categories', { name: 'Rock', parent: music.id });
    const children = termListOf(
      await server.api(`/categories${all}&parent=${music.id}`),
      'categories',
    );
    expect(children.categories.map((term) => term.name).sort()).toEqual(['Jazz', 'Rock']);
    expect(termListOf(await server.api(`/categories${all}&parent=0`), 'categories').total).toBe(1);
    expectError(await server.api(`/categories${all}&parent=2389`), 400, 'rest_invalid_param');
    expectError(await server.api(`/categories${all}&parent=`), 400, 'rest_invalid_param');
  });

  it('refuses post/event filters that are not events', async () => {
    for (const value of ['', '23', 'foo']) {
      expectError(await server.api(`/categories${all}&event=${value}`), 400, 'rest_invalid_param');
      expectError(await server.api(`/categories${all}&post=${value}`), 400, 'rest_invalid_param');
    }
  });
});

describe('single categories and tags', () => {
  it('reads TEC’s term shape with urls (up only below a parent) and _links', async () => {
    const parent = await createTerm(server, 'categories', {
      name: 'Music',
      description: 'All music',
    });
    const child = await createTerm(server, 'categories', {
      name: 'Jazz & Blues',
      parent: parent.id,
    });
    const read = termOf(await server.api(`/categories/${child.id}`));
    const root = `${server.url}/wp-json/tribe/events/v1/`;
    expect(read).toMatchObject({
      id: child.id,
      count: 0,
      name: 'Jazz &amp; Blues',
      slug: 'jazz-blues',
      taxonomy: 'tribe_events_cat',
      parent: parent.id,
      meta: [],
      urls: {
        self: `${root}categories/${child.id}`,
        collection: `${root}categories`,
        up: `${root}categories/${parent.id}`,
      },
    });
    // WordPress's links, as TEC answers them: the term's wp/v2 address.
    const wp = `${server.url}/wp-json/wp/v2/`;
    expect(read._links).toEqual({
      self: [{ href: `${wp}tribe_events_cat/${child.id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${wp}tribe_events_cat` }],
      about: [{ href: `${wp}taxonomies/tribe_events_cat` }],
      up: [{ embeddable: true, href: `${wp}tribe_events_cat/${parent.id}` }],
      'wp:post_type': [
        { href: `${wp}tribe_events?tribe_events_cat=${child.id}` },
        { href: `${wp}tec_calendar_embed?tribe_events_cat=${child.id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
    const tag = await createTerm(server, 'tags', { name: 'outdoor' });
    const readTag = termOf(await server.api(`/tags/${tag.id}`));
    expect(readTag).not.toHaveProperty('parent');
    expect(readTag.urls).not.toHaveProperty('up');
  });

  it('answers 400 for an id of the other taxonomy or none, 404 for a non-integer path', async () => {
    const tag = await createTerm(server, 'tags', { name: 'x' });
    expectError(await server.api(`/categories/${tag.id}`), 400, 'rest_invalid_param');
    expectError(await server.api('/tags/2389'), 400, 'rest_invalid_param');
    expectError(await server.api('/tags/foo'), 404, 'rest_no_route');
  });
});

describe('writing categories and tags', () => {
  it('lets authors, editors and admins create terms, not contributors', async () => {
    expectError(await server.api('/tags', { json: { name: 'a' } }), 401, 'rest_forbidden');
    expectError(
      await server.api('/tags', { as: 'contributor', json: { name: 'a' } }),
      403,
      'rest_forbidden',
    );
    expect((await server.api('/tags', { as: 'author', json: { name: 'a' } })).status).toBe(201);
    expect((await server.api('/tags', { as: 'editor', json: { name: 'b' } })).status).toBe(201);
  });

  it('validates before permission: empty fields, bad parents, parents on tags', async () => {
    expectError(
      await server.api('/categories', { json: { description: 'x' } }),
      400,
      'rest_missing_callback_param',
    );
    for (const body of [
      { name: '' },
      { name: 'a', description: '' },
      { name: 'a', slug: '' },
      { name: 'a', parent: 2389 },
    ]) {
      expectError(
        await server.api('/categories', { as: 'contributor', json: body }),
        400,
        'rest_invalid_param',
      );
    }
    expectError(
      await server.api('/tags', { as: 'owner', json: { name: 't', parent: 0 } }),
      400,
      'rest_taxonomy_not_hierarchical',
    );
    expectError(
      await server.api('/categories/23', { method: 'DELETE', as: 'contributor' }),
      400,
      'rest_invalid_param',
    );
  });

  it('refuses a duplicate name (term_exists, with the existing id) and a taken slug', async () => {
    const jazz = await createTerm(server, 'categories', { name: 'Jazz' });
    const duplicate = expectError(
      await server.api('/categories', { as: 'owner', json: { name: 'JAZZ' } }),
      400,
      'term_exists',
    );
    expect(duplicate.data.term_id).toBe(jazz.id);
    const music = await createTerm(server, 'categories', { name: 'Music' });
    expect(
      (await server.api('/categories', { as: 'owner', json: { name: 'Jazz', parent: music.id } }))
        .status,
    ).toBe(201);
    expectError(
      await server.api('/categories', { as: 'owner', json: { name: 'Other', slug: 'jazz' } }),
      400,
      'duplicate_term_slug',
    );
    expectError(
      await server.api(`/categories/${music.id}`, { as: 'owner', json: { slug: 'jazz' } }),
      400,
      'duplicate_term_slug',
    );
  });

  it('updates in the request language and refuses parent loops', async () => {
    const a = await createTerm(server, 'categories', { name: 'Theatre' });
    const b = await createTerm(server, 'categories', { name: 'Opera', parent: a.id });
    await server.api(`/categories/${a.id}`, {
      as: 'owner',
      json: { name: 'Theater', language: 'de' },
    });
    expect(termOf(await server.api(`/categories/${a.id}?language=de`))).toMatchObject({
      name: 'Theater',
      slug: 'theater',
    });
    expect(termOf(await server.api(`/categories/${a.id}`))).toMatchObject({
      name: 'Theatre',
      slug: 'theatre',
    });
    expectError(
      await server.api(`/categories/${a.id}`, { as: 'owner', json: { parent: b.id } }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api(`/categories/${a.id}`, { as: 'owner', json: { parent: a.id } }),
      400,
      'rest_invalid_param',
    );
    const moved = termOf(
      await server.api(`/categories/${b.id}`, { method: 'PUT', as: 'owner', json: { parent: 0 } }),
    );
    expect(moved.parent).toBe(0);
  });

  it('deletes for good, returning the term, and hands its children to the grandparent', async () => {
    const top = await createTerm(server, 'categories', { name: 'Top' });
    const middle = await createTerm(server, 'categories', { name: 'Middle', parent: top.id });
    const leaf = await createTerm(server, 'categories', { name: 'Leaf', parent: middle.id });
    const deleted = termOf(
      await server.api(`/categories/${middle.id}`, { method: 'DELETE', as: 'owner' }),
    );
    expect(deleted).toMatchObject({ id: middle.id, name: 'Middle' });
    expect(deleted).not.toHaveProperty('_links');
    expectError(await server.api(`/categories/${middle.id}`), 400, 'rest_invalid_param');
    expect(termOf(await server.api(`/categories/${leaf.id}`)).parent).toBe(top.id);
  });

  it('keeps names and slugs in Chinese and Japanese', async () => {
    const zh = await createTerm(server, 'tags', { name: '音乐会', language: 'zh-hans' });
    expect(zh).toMatchObject({ name: '音乐会', slug: '音乐会', language: 'zh-hans' });
    const ja = await createTerm(server, 'tags', { name: 'コンサート', language: 'ja' });
    expect(termOf(await server.api(`/tags/${ja.id}?language=ja`))).toMatchObject({
      name: 'コンサート',
      slug: 'コンサート',
    });
    expect(
      termListOf(await server.api(`/tags${all}&slug=${encodeURIComponent('音乐会')}`), 'tags')
        .total,
    ).toBe(1);
  });
});
