/** Every root form reaches the same routes (errors and guards: rest-errors.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tecVenueListSchema, tecVenueSchema } from '#shared/tec/venue.ts';
import type { Reply, TestServer } from '../support/test-server.ts';
import { expectError, startWithMainHall } from '../support/venues.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startWithMainHall();
});
afterAll(() => server.close());

describe('discovery', () => {
  it('lists both TEC namespaces, ours and WordPress’s own at /wp-json/', async () => {
    const reply = await server.request('/wp-json/');
    expect(reply.status).toBe(200);
    expect((reply.body as { namespaces: string[] }).namespaces).toEqual([
      'tribe/events/v1',
      'calendar/events/v1',
      'marquee/v1',
      'wp/v2',
    ]);
  });

  it('describes a namespace with its routes, methods and args', async () => {
    const reply = await server.request('/wp-json/tribe/events/v1');
    const index = reply.body as {
      namespace: string;
      routes: Record<string, { methods: string[]; endpoints: { args: object }[] }>;
    };
    expect(index.namespace).toBe('tribe/events/v1');
    const ns = '/tribe/events/v1';
    expect(Object.keys(index.routes)).toEqual([
      ns,
      `${ns}/doc`,
      ...['events', 'venues', 'organizers'].flatMap((r) => [
        `${ns}/${r}`,
        `${ns}/${r}/(?P<id>\\d+)`,
        `${ns}/${r}/by-slug/(?P<slug>[^/]+)`,
      ]),
      ...['categories', 'tags'].flatMap((r) => [`${ns}/${r}`, `${ns}/${r}/(?P<id>\\d+)`]),
    ]);
    expect(index.routes['/tribe/events/v1/venues']?.methods).toEqual(['GET', 'POST']);
    // In TEC's order, as the real site lists them.
    expect(index.routes['/tribe/events/v1/venues/(?P<id>\\d+)']?.methods).toEqual([
      'GET',
      'DELETE',
      'POST',
      'PUT',
      'PATCH',
    ]);
    expect(index.routes['/tribe/events/v1/venues']?.endpoints[1]?.args).toMatchObject({
      venue: { required: true },
    });
  });

  it('serves TEC’s OpenAPI 3 document, naming this root without its port as TEC does (TEC 83)', async () => {
    const doc = (await server.request('/wp-json/tribe/events/v1/doc')).body as {
      openapi: string;
      info: Record<string, string>;
      servers: { url: string }[];
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    expect(doc.openapi).toBe('3.0.0');
    expect(Object.keys(doc.info)).toEqual(['version', 'title', 'description']);
    const hostOnly = `http://${new URL(server.url).hostname}`;
    expect(doc.servers[0]?.url).toBe(`${hostOnly}/wp-json/tribe/events/v1/`);
    expect(Object.keys(doc.components.schemas)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
    expect(doc.components.schemas.Event?.properties).toHaveProperty('cost_details');
    expect(Object.keys(doc.paths)).toContain('/events/by-slug/{slug}');
    expect(doc.paths['/events']?.get?.parameters?.map((p) => p.name)).toContain('start_date');
    expect(doc.paths['/events/{id}']?.get?.parameters?.[0]).toMatchObject({
      name: 'id',
      in: 'path',
    });
    expect(Object.keys(doc.paths['/venues/{id}'] ?? {})).toEqual(['get', 'post', 'delete']);
    const de = (await server.request('/de/wp-json/calendar/events/v1/doc')).body as {
      servers: { url: string }[];
    };
    expect(de.servers[0]?.url).toBe(`${hostOnly}/de/wp-json/calendar/events/v1/`);
  });
});

describe('roots', () => {
  const list = (reply: Reply) => tecVenueListSchema.parse(reply.body);

  it('serves the same routes under calendar/events/v1 and builds URLs in that namespace', async () => {
    const page = list(await server.request('/wp-json/calendar/events/v1/venues'));
    expect(page.total).toBe(1);
    expect(page.rest_url).toBe(
      `${server.url}/wp-json/calendar/events/v1/venues/?page=1&per_page=10&status=publish`,
    );
  });

  it('answers /?rest_route= and keeps that form in its URLs', async () => {
    const page = list(await server.request('/?rest_route=/tribe/events/v1/venues&per_page=5'));
    expect(page.rest_url).toBe(
      `${server.url}/?rest_route=/tribe/events/v1/venues/&page=1&per_page=5&status=publish`,
    );
  });

  it('reads content in the language of the root segment, and keeps the segment in URLs', async () => {
    const reply = await server.request('/fr/wp-json/tribe/events/v1/venues/1');
    const venue = tecVenueSchema.parse(reply.body);
    expect(venue.venue).toBe('Grande salle');
    expect(venue.language).toBe('fr');
    expect(venue.translations).toEqual(['en', 'fr']);
    const page = list(await server.request('/pt-br/?rest_route=/tribe/events/v1/venues'));
    expect(page.rest_url).toBe(
      `${server.url}/pt-br/?rest_route=/tribe/events/v1/venues/&page=1&per_page=10&status=publish`,
    );
    expect(page.venues[0]?.venue).toBe('Main Hall');
  });

  it('lets language beat lang, and lang beat the root segment', async () => {
    const de = tecVenueSchema.parse(
      (await server.request('/fr/wp-json/tribe/events/v1/venues/1?lang=en')).body,
    );
    expect(de.venue).toBe('Main Hall');
    const fr = tecVenueSchema.parse((await server.api('/venues/1?lang=en&language=fr')).body);
    expect(fr.venue).toBe('Grande salle');
  });

  it('refuses an unknown language', async () => {
    const envelope = expectError(
      await server.api('/venues?language=xx'),
      400,
      'rest_invalid_param',
    );
    expect(envelope.data.params).toEqual({
      language: 'language must be one of bg, zh-hans, en, fr, de, ja, pt-br, es',
    });
  });

  it('names lang when it is the unknown one, before a known language', async () => {
    for (const query of ['lang=xx', 'lang=xx&language=fr', 'lang=de&language=de-at']) {
      const envelope = expectError(await server.api(`/venues?${query}`), 400, 'rest_invalid_param');
      const name = query.includes('lang=xx') ? 'lang' : 'language';
      expect(envelope.data.params).toEqual({
        [name]: `${name} must be one of bg, zh-hans, en, fr, de, ja, pt-br, es`,
      });
    }
  });

  it('takes the language of a write’s body over its query’s', async () => {
    const made = await server.api('/venues?language=de', {
      as: 'owner',
      json: { venue: 'Petite salle', language: 'fr' },
    });
    const venue = tecVenueSchema.parse(made.body);
    expect(venue.language).toBe('fr');
    expect(venue.translations).toEqual(['fr']);
  });
});
