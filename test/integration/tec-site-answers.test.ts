/**
 * Details of TEC's answers that comparing Marquee with the real site (`npm run compare:tec`)
 * showed Marquee had otherwise: each was what a website build reading TEC would see differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const basics = { title: 'Gig', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };

describe('what the site answers', () => {
  it('names the host without its port in global_id, as TEC’s parse_url(home_url()) does', async () => {
    const event = await createEvent(server, basics);
    const { hostname, port } = new URL(server.url);
    expect(port).not.toBe('');
    expect(event.global_id).toBe(`${hostname}?id=${event.id}`);
    expect(event.global_id_lineage).toEqual([`${hostname}?id=${event.id}`]);
  });

  it('trims rendered descriptions and excerpts as TEC does (no newline after the last </p>)', async () => {
    const event = await createEvent(server, {
      ...basics,
      description: 'Line one\n\nLine <b>two</b>',
      excerpt: 'Short',
    });
    expect(event.description).toBe('<p>Line one</p>\n<p>Line <b>two</b></p>');
    expect(event.excerpt).toBe('<p>Short</p>');
    const venue = await server.api('/venues', {
      as: 'owner',
      json: { venue: 'Hall', description: 'Upstairs' },
    });
    expect((venue.body as { description: string }).description).toBe('<p>Upstairs</p>');
  });

  it('gives an invalid parameter’s empty `details` as WordPress does: [] (an empty PHP array)', async () => {
    const reply = await server.api('/events', { as: 'owner', json: { ...basics, title: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, details: [] },
    });
  });
});

describe('Allow, as WordPress sends it with every answer of a matched route', () => {
  const allowOf = async (path: string, as: Parameters<TestServer['api']>[1] = {}) =>
    (await server.api(path, as)).headers.get('allow');

  it('lists the methods the caller may use on that route and record, in TEC’s order', async () => {
    const own = await createEvent(server, { ...basics, status: 'draft' }, 'contributor');
    const admins = await createEvent(server, basics);
    const all = 'GET, DELETE, POST, PUT, PATCH';
    expect(await allowOf('/events')).toBe('GET');
    expect(await allowOf('/events', { as: 'contributor' })).toBe('GET, POST');
    expect(await allowOf(`/events/${admins.id}`)).toBe('GET');
    expect(await allowOf(`/events/${admins.id}`, { as: 'editor' })).toBe(all);
    expect(await allowOf(`/events/${admins.id}`, { as: 'contributor' })).toBe('GET');
    expect(await allowOf(`/events/${own.id}`, { as: 'contributor' })).toBe(all);
    // An unknown event: TEC asks the generic right; an unknown venue allows nothing more.
    expect(await allowOf('/events/999999', { as: 'author' })).toBe(all);
    expect(await allowOf('/venues/999999', { as: 'owner' })).toBe('GET');
    expect(await allowOf('/categories/1', { as: 'editor' })).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allowOf('/categories', { as: 'contributor' })).toBe('GET');
    expect(await allowOf('/doc')).toBe('GET');
  });

  it('comes with errors of the route too, and not with an answer no route gave', async () => {
    const refused = await server.api('/events', { as: 'owner', json: { title: '' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('allow')).toBe('GET, POST');
    const forbidden = await server.api('/events', { json: basics });
    expect(forbidden.status).toBe(401);
    expect(forbidden.headers.get('allow')).toBe('GET');
    const noRoute = await server.api('/events', { method: 'DELETE', as: 'owner' });
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get('allow')).toBeNull();
  });
});

describe('list URLs, as TEC builds them with WordPress’s add_query_arg', () => {
  type Links = { rest_url: string; next_rest_url?: string; previous_rest_url?: string };
  const linksOf = async (path: string, as: Parameters<TestServer['api']>[1] = {}) => {
    const reply = await server.api(path, as);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { rest_url, next_rest_url, previous_rest_url } = reply.body as Links;
    const local = (url: string | undefined) =>
      url?.replace(`${server.url}/wp-json/tribe/events/v1`, '');
    return {
      rest: local(rest_url),
      next: local(next_rest_url),
      previous: local(previous_rest_url),
    };
  };

  it('echoes an event list’s query as sent, and writes its other pages’ URLs encoded', async () => {
    for (const day of ['01', '02', '03'])
      await createEvent(server, {
        ...basics,
        start_date: `2027-03-${day} 10:00:00`,
        end_date: `2027-03-${day} 11:00:00`,
      });
    const window = 'start_date=2027-03-01&end_date=2027-03-31&per_page=1';
    expect(await linksOf(`/events?${window}&page=2`)).toEqual({
      rest: '/events/?page=2&per_page=1&start_date=2027-03-01 00:00:00&end_date=2027-03-31 23:59:59&status=publish',
      next: '/events/?per_page=1&start_date=2027-03-01+00%3A00%3A00&end_date=2027-03-31+23%3A59%3A59&status=publish&page=3',
      previous:
        '/events/?per_page=1&start_date=2027-03-01+00%3A00%3A00&end_date=2027-03-31+23%3A59%3A59&status=publish',
    });
    // Writers who name no status are shown them all: `any`. A featured filter is added to the
    // URL in a second call, which encodes what was there.
    expect((await linksOf(`/events?${window}&featured=true`, { as: 'editor' })).rest).toBe(
      '/events/?page=1&per_page=1&start_date=2027-03-01+00%3A00%3A00&end_date=2027-03-31+23%3A59%3A59&status=any&featured=1',
    );
  });

  it('gives venue lists their status, and term lists their bare URL and page numbers', async () => {
    expect((await linksOf('/venues')).rest).toBe('/venues/?page=1&per_page=10&status=publish');
    expect((await linksOf('/venues?has_events=false', { as: 'owner' })).rest).toBe(
      '/venues/?page=1&per_page=10&has_events=false&status=any',
    );
    expect(await linksOf('/categories')).toEqual({ rest: '/categories/' });
    // A page past the end is an empty 200 that still links back, as TEC’s do.
    expect(await linksOf('/categories?page=2')).toEqual({
      rest: '/categories/',
      previous: '/categories/',
    });
    expect(await linksOf('/tags?page=4')).toEqual({ rest: '/tags/', previous: '/tags/?page=3' });
  });
});

describe('JSON-LD, as TEC makes it', () => {
  type Json = Record<string, unknown>;
  const single = async (path: string) => (await server.api(path)).body as { json_ld: Json };

  it('describes an event by its excerpt, else its content’s first words, escaped by esc_js', async () => {
    const venue = (
      await server.api('/venues', {
        as: 'owner',
        json: { venue: 'Lyon Hall', city: 'Lyon', website: 'https://hall.example/' },
      })
    ).body as { id: number };
    const organizer = (
      await server.api('/organizers', {
        as: 'owner',
        json: {
          organizer: 'Org',
          website: 'https://org.example/',
          description: 'Plays <em>jazz</em>',
        },
      })
    ).body as { id: number };
    const event = await createEvent(server, {
      ...basics,
      description: 'Ignored when there is an excerpt',
      excerpt: 'Short "one"\n\nand two',
      cost: '20$',
      venue: venue.id,
      organizer: [organizer.id],
    });
    const { json_ld } = await single(`/events/${event.id}`);
    expect(json_ld).toMatchObject({
      description: '&lt;p&gt;Short &quot;one&quot;&lt;/p&gt;\\n&lt;p&gt;and two&lt;/p&gt;\\n',
      offers: {
        price: '20',
        priceCurrency: 'USD',
        category: 'primary',
        availability: 'inStock',
        validFrom: '2026-11-20T00:00:00+00:00',
      },
      performer: 'Organization',
    });
    expect(json_ld.location).toEqual({
      '@type': 'Place',
      name: 'Lyon Hall',
      description: '',
      url: '',
      address: { '@type': 'PostalAddress', addressLocality: 'Lyon' },
      telephone: '',
      sameAs: 'https://hall.example/',
    });
    expect(json_ld.organizer).toEqual({
      '@type': 'Person',
      name: 'Org',
      description: '&lt;p&gt;Plays jazz&lt;/p&gt;\\n',
      url: 'https://org.example/',
      telephone: '',
      email: '',
      sameAs: 'https://org.example/',
    });
    const long = await createEvent(server, {
      ...basics,
      description: Array.from({ length: 60 }, (_, n) => `w${n}`).join(' '),
      cost: 'Free',
    });
    const longLd = (await single(`/events/${long.id}`)).json_ld;
    expect(longLd.description).toMatch(/^&lt;p&gt;w0 w1 .* w54 \[&hellip;\]&lt;\/p&gt;\\n$/);
    expect(longLd.offers).toMatchObject({ price: '0' });
  });
});
