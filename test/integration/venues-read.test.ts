/** Reading venues: lists, paging, visibility, search, single records and their shape. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createVenue, expectError, venueListOf, venueOf } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('GET /venues', () => {
  it('answers an empty calendar with zero totals and no paging links', async () => {
    const reply = await server.api('/venues');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-tec-total')).toBe('0');
    expect(reply.headers.get('x-tec-totalpages')).toBe('0');
    const page = venueListOf(reply);
    expect(page).toMatchObject({ venues: [], total: 0, total_pages: 0 });
    expect(page).not.toHaveProperty('next_rest_url');
    expect(page).not.toHaveProperty('previous_rest_url');
  });

  it('pages with next/previous links; page 2 links back without a page parameter', async () => {
    for (let n = 1; n <= 5; n += 1) {
      await createVenue(server, { venue: `Venue ${n}` });
      server.clock.advance(60_000);
    }
    const base = `${server.url}/wp-json/tribe/events/v1/venues/`;
    const first = venueListOf(await server.api('/venues?per_page=2'));
    expect(first.venues.map((venue) => venue.venue)).toEqual(['Venue 5', 'Venue 4']);
    expect(first).toMatchObject({
      total: 5,
      total_pages: 3,
      next_rest_url: `${base}?per_page=2&status=publish&page=2`,
    });
    expect(first).not.toHaveProperty('previous_rest_url');

    const second = venueListOf(await server.api('/venues?per_page=2&page=2'));
    // As TEC builds them: page moved to the end of the next page's URL, gone from page 1's.
    expect(second.previous_rest_url).toBe(`${base}?per_page=2&status=publish`);
    expect(second.next_rest_url).toBe(`${base}?per_page=2&status=publish&page=3`);

    const last = await server.api('/venues?per_page=2&page=3');
    expect(last.headers.get('x-tec-totalpages')).toBe('3');
    expect(venueListOf(last).venues).toHaveLength(1);
    expect(venueListOf(last)).not.toHaveProperty('next_rest_url');

    expectError(await server.api('/venues?per_page=2&page=4'), 404, 'venue-archive-page-not-found');
  });

  it('caps per_page at 50', async () => {
    for (let n = 1; n <= 51; n += 1) await createVenue(server, { venue: `Hall ${n}` });
    const page = venueListOf(await server.api('/venues?per_page=100'));
    expect(page.venues).toHaveLength(50);
    expect(page).toMatchObject({ total: 51, total_pages: 2 });
  });

  it.each(['foo', '-1', '0', 'foo bar'])('refuses page or per_page = %s', async (value) => {
    const page = expectError(
      await server.api(`/venues?page=${encodeURIComponent(value)}`),
      400,
      'rest_invalid_param',
    );
    expect(page.data.params).toHaveProperty('page');
    expectError(
      await server.api(`/venues?per_page=${encodeURIComponent(value)}`),
      400,
      'rest_invalid_param',
    );
  });

  it('hides unpublished venues from anonymous callers and shows them to editors', async () => {
    await createVenue(server, { venue: 'Public' });
    await createVenue(server, { venue: 'Draft one', status: 'draft' });
    await createVenue(server, { venue: 'Draft two', status: 'pending' });
    expect(venueListOf(await server.api('/venues')).total).toBe(1);
    expect(venueListOf(await server.api('/venues', { as: 'editor' })).total).toBe(3);
    expect(
      venueListOf(await server.api('/venues?status=publish, draft', { as: 'editor' })).total,
    ).toBe(2);
    expect(
      venueListOf(await server.api('/venues?status[]=draft&status[]=pending', { as: 'editor' }))
        .total,
    ).toBe(2);
    expect(venueListOf(await server.api('/venues?status=publish')).total).toBe(1);
    expectError(await server.api('/venues?status=publish,draft'), 400, 'rest_invalid_param');
    expectError(
      await server.api('/venues?status=foo, bar, publish', { as: 'editor' }),
      400,
      'rest_invalid_param',
    );
  });

  it('shows contributors their own drafts but not other people’s', async () => {
    await createVenue(server, { venue: 'Owner draft', status: 'draft' });
    await createVenue(server, { venue: 'My draft' }, 'contributor');
    const names = venueListOf(await server.api('/venues', { as: 'contributor' })).venues.map(
      (venue) => venue.venue,
    );
    expect(names).toEqual(['My draft']);
  });

  it('searches fragments in any order across name, description and address fields', async () => {
    await createVenue(server, {
      venue: 'Temple Hall',
      address: '1 Temple Avenue',
      city: 'London',
      zip: '223345',
    });
    await createVenue(server, {
      venue: 'Riverside',
      description: 'By the river in Greater London',
      zip: '223345',
    });
    await createVenue(server, {
      venue: 'Salle Pleyel',
      country: 'France',
      stateprovince: 'Ile de France',
    });
    const count = async (search: string) =>
      venueListOf(await server.api(`/venues?search=${encodeURIComponent(search)}`)).total;
    expect(await count('london')).toBe(2);
    expect(await count('avenue temple')).toBe(1);
    expect(await count('greater london')).toBe(1);
    expect(await count('france, ile de')).toBe(1);
    expect(await count('223345')).toBe(2);
    expect(await count('LONDON')).toBe(2);
    expect(await count('woo')).toBe(0);
    const page = venueListOf(await server.api('/venues?search=london&per_page=1'));
    expect(page.next_rest_url).toContain('search=london');
  });

  it('searches names in the requested and the default language', async () => {
    const venue = await createVenue(server, { venue: 'Concert Hall' });
    await server.api(`/venues/${venue.id}`, {
      as: 'owner',
      json: { venue: 'Konzerthaus', language: 'de' },
    });
    expect(venueListOf(await server.api('/venues?search=konzert&language=de')).total).toBe(1);
    expect(venueListOf(await server.api('/venues?search=concert&language=de')).total).toBe(1);
    expect(venueListOf(await server.api('/venues?search=konzert&language=fr')).total).toBe(0);
  });
});

describe('GET /venues/{id} and /venues/by-slug/{slug}', () => {
  it('returns TEC’s venue shape: falsy keys dropped, json_ld on single reads only', async () => {
    const created = await createVenue(server, {
      venue: 'Tom & Jerry’s <Bar>',
      description: 'Live music\n\nEvery night',
      address: '1 Main St',
      city: 'Lyon',
      website: 'https://bar.example',
      image: 'https://bar.example/photo.JPG',
      show_map: 'false',
    });
    expect(created).not.toHaveProperty('json_ld');
    const reply = await server.api(`/venues/${created.id}`);
    const venue = venueOf(reply);
    // The wire's own key order (parsing reorders keys to the schema's).
    const raw = reply.body as object;
    expect(Object.keys(raw)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'description',
      'slug',
      'image',
      'address',
      'city',
      'website',
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
    expect(venue).toMatchObject({
      author: '1',
      status: 'publish',
      date_utc: '2026-11-20 10:00:00',
      venue: 'Tom &#038; Jerry’s &lt;Bar&gt;',
      description: '<p>Live music</p>\n<p>Every night</p>',
      // "<Bar>" is a tag to WordPress's sanitize_title (TEC 6.17.2 answers the same).
      slug: 'tom-jerrys',
      image: { url: 'https://bar.example/photo.JPG', id: 0, extension: 'jpg' },
      show_map: false,
      show_map_link: true,
      global_id: `${new URL(server.url).hostname}?id=${created.id}`,
      language: 'en',
      translations: ['en'],
    });
    expect(venue.json_ld).toMatchObject({
      '@type': 'Place',
      name: 'Tom &#038; Jerry’s &lt;Bar&gt;',
      sameAs: 'https://bar.example',
    });
  });

  it('shows record dates in the calendar’s time zone', async () => {
    await server.close();
    server = await startTestServer({ overrides: { timezone: 'America/New_York' } });
    const venue = await createVenue(server, { venue: 'Hall' });
    expect(venue).toMatchObject({ date: '2026-11-20 05:00:00', date_utc: '2026-11-20 10:00:00' });
  });

  it('finds a venue by slug, and answers 400 for unknown ids and slugs', async () => {
    const created = await createVenue(server, { venue: 'Blue Note' });
    expect(venueOf(await server.api('/venues/by-slug/blue-note')).id).toBe(created.id);
    expectError(await server.api('/venues/23'), 400, 'rest_invalid_param');
    expectError(await server.api('/venues/0'), 400, 'rest_invalid_param');
    expectError(await server.api('/venues/by-slug/no-such-venue'), 400, 'rest_invalid_param');
  });

  it('refuses drafts to anonymous callers (403) and shows them to editors', async () => {
    const draft = await createVenue(server, { venue: 'Secret', status: 'draft' });
    expectError(await server.api(`/venues/${draft.id}`), 403, 'venue-not-accessible');
    expectError(await server.api('/venues/by-slug/secret'), 403, 'venue-not-accessible');
    expect((await server.api(`/venues/${draft.id}`, { as: 'editor' })).status).toBe(200);
  });

  it('redacts a password-protected venue unless the password is given or the caller may edit it', async () => {
    const venue = await createVenue(server, {
      venue: 'Private Room',
      address: 'Hidden 1',
      phone: '555',
      password: 'sesame',
    });
    const redacted = venueOf(await server.api(`/venues/${venue.id}`));
    expect(redacted).toMatchObject({
      venue: 'Private Room',
      address: '',
      phone: '',
      show_map: null,
    });
    expect(venueOf(await server.api(`/venues/${venue.id}?password=sesame`))).toMatchObject({
      address: 'Hidden 1',
    });
    expect(venueOf(await server.api(`/venues/${venue.id}`, { as: 'editor' }))).toMatchObject({
      address: 'Hidden 1',
    });
    const listed = venueListOf(await server.api('/venues')).venues[0];
    expect(listed).toMatchObject({ address: '', phone: '' });
  });

  it('serves each language, falling back to the default language, then any', async () => {
    const venue = await createVenue(server, { venue: 'Opera House', description: 'Since 1890' });
    await server.api(`/venues/${venue.id}`, {
      as: 'owner',
      json: { language: 'ja', venue: 'オペラハウス' },
    });
    const ja = venueOf(await server.api(`/venues/${venue.id}?language=ja`));
    expect(ja).toMatchObject({
      venue: 'オペラハウス',
      description: '<p>Since 1890</p>',
      language: 'ja',
      slug: 'オペラハウス',
    });
    expect(ja.translations).toEqual(['en', 'ja']);
    const es = venueOf(await server.api(`/venues/${venue.id}?language=es`));
    expect(es).toMatchObject({ venue: 'Opera House', language: 'en' });
    expect(
      venueOf(await server.api(`/venues/by-slug/${encodeURIComponent('オペラハウス')}`)).id,
    ).toBe(venue.id);
  });
});
