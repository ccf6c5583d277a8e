/** Every root form reaches the same routes; errors use the WordPress envelope; guards hold. */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { tecVenueListSchema, tecVenueSchema } from '#shared/tec/venue.ts';
import { startTestServer, type Reply, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.api('/venues', { as: 'owner', json: { venue: 'Main Hall' } });
  await server.api('/venues/1', {
    method: 'POST',
    as: 'owner',
    json: { venue: 'Grande salle', language: 'fr' },
  });
});
afterAll(() => server.close());

function expectError(reply: Reply, status: number, code: string) {
  expect(reply.status).toBe(status);
  const envelope = errorEnvelopeSchema.parse(reply.body);
  expect(envelope.code).toBe(code);
  expect(envelope.data.status).toBe(status);
  return envelope;
}

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

describe('errors', () => {
  it('answers unknown routes, non-numeric ids and unsupported methods with rest_no_route', async () => {
    expectError(await server.api('/nope'), 404, 'rest_no_route');
    expectError(await server.api('/venues/foo'), 404, 'rest_no_route');
    expectError(
      await server.api('/venues', { method: 'DELETE', as: 'owner' }),
      404,
      'rest_no_route',
    );
    expectError(await server.api('/venues/by-slug/'), 404, 'rest_no_route');
  });

  it('answers a malformed JSON body with rest_invalid_json', async () => {
    const raw = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer test-owner-token-0123456789',
        'content-type': 'application/json',
      },
      body: '{"venue": ',
    });
    expectError(
      { status: raw.status, headers: raw.headers, body: await raw.json() },
      400,
      'rest_invalid_json',
    );
  });

  it('refuses bodies over the size limit', async () => {
    const reply = await server.api('/venues', {
      method: 'POST',
      as: 'owner',
      json: { venue: 'x', description: 'y'.repeat(3_000_000) },
    });
    expectError(reply, 413, 'marquee_payload_too_large');
  });

  it('refuses an unknown or malformed token, even on public reads', async () => {
    const unknown = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      headers: { authorization: 'Bearer nope' },
    });
    expectError(
      { status: unknown.status, headers: unknown.headers, body: await unknown.json() },
      401,
      'marquee_invalid_token',
    );
    const malformed = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      headers: { authorization: 'Digest x' },
    });
    expect(malformed.status).toBe(401);
  });

  it('accepts application-password style Basic auth with the token’s user name', async () => {
    const get = (user: string, token: string) =>
      fetch(`${server.url}/wp-json/tribe/events/v1/venues?status=draft`, {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}` },
      });
    expect((await get('editor token', server.tokens.editor)).status).toBe(200);
    expect((await get('Editor Token', server.tokens.editor)).status).toBe(200);
    expect((await get('admin', 'test-owner-token-0123456789')).status).toBe(200);
    expect((await get('someone else', server.tokens.editor)).status).toBe(401);
  });
});

describe('guards and caching', () => {
  function rawGet(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('refuses a Host header that is not loopback, an IP or configured (DNS rebinding)', async () => {
    const refused = await rawGet('/wp-json/', { host: 'attacker.example' });
    expect(refused.status).toBe(403);
    expect(errorEnvelopeSchema.parse(JSON.parse(refused.body)).code).toBe('marquee_invalid_host');
    expect((await rawGet('/wp-json/', { host: 'localhost:8787' })).status).toBe(200);
  });

  it('lets any origin read anonymously and exposes the totals headers', async () => {
    const reply = await server.api('/venues', { headers: { origin: 'https://site.example' } });
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-expose-headers')).toContain('X-TEC-Total');
  });

  it('does not let other origins send credentials or write', async () => {
    const preflight = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    // A preflight of a write from another origin is answered with nothing allowed at all.
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers') ?? '').not.toMatch(
      /authorization/i,
    );
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  // fetch() adds Cache-Control: no-cache to conditional requests, so this uses node:http.
  it('answers 304 to a matching If-None-Match, and 200 once the record changed', async () => {
    const etag = (await server.api('/venues/1')).headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    expect(
      (await rawGet('/wp-json/tribe/events/v1/venues/1', { 'if-none-match': etag })).status,
    ).toBe(304);
    await server.api('/venues/1', { as: 'owner', json: { city: 'Lyon' } });
    expect(
      (await rawGet('/wp-json/tribe/events/v1/venues/1', { 'if-none-match': etag })).status,
    ).toBe(200);
  });
});
