/**
 * WordPress client conventions: the discovery Link on every answer, the method override of
 * clients that only POST, and what a Basic credential must name. (`?context=help`: index-help.)
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { editorPage } from '../support/editor-page.ts';
import { at, createEvent, eventOf } from '../support/events.ts';
import { OWNER_KEY, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const editor = editorPage();

beforeAll(async () => {
  // The editor's page at `/` is where discovery starts, as a WordPress home page is.
  server = await startTestServer({ staticDir: editor.dir });
});
afterAll(async () => {
  await server.close();
  editor.remove();
});

const errorOf = (body: unknown) => errorEnvelopeSchema.parse(body);

type RawReply = { status: number; headers: Record<string, string | string[] | undefined> };

/** node:http, because fetch() neither sets Host nor sends a bare conditional request. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawReply>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('discovery: Link rel="https://api.w.org/" (WordPress)', () => {
  const linkFor = (origin: string) => `<${origin}/wp-json/>; rel="https://api.w.org/"`;

  it('is on answers of every kind: lists, records, errors, the indexes', async () => {
    const link = linkFor(server.url);
    const event = await createEvent(server, {
      title: 'Linked',
      start_date: at(1),
      end_date: at(1, 1),
    });
    const answers = [
      await server.api('/events'),
      await server.api(`/events/${event.id}`),
      await server.api('/events/999999'),
      await server.api('/nowhere'),
      await server.api('/events?page=foo'),
      await server.api('/events', { json: { title: 'No token' } }),
      await server.request('/wp-json/'),
      await server.api('/'),
      await server.request('/wp-json/marquee/v1/health'),
    ];
    expect(answers.map((reply) => reply.status)).toEqual([
      200, 200, 404, 404, 400, 400, 200, 200, 200,
    ]);
    for (const reply of answers) expect(reply.headers.get('link')).toBe(link);
  });

  it('is on the editor’s page, so WPAPI.discover(siteUrl) finds the API', async () => {
    const page = await server.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toBe(linkFor(server.url));
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.headers.get('link')).toBe(linkFor(server.url));
  });

  it('names the plain root whatever root or language the request used', async () => {
    for (const path of [
      '/de/wp-json/tribe/events/v1/events',
      '/?rest_route=/calendar/events/v1/events',
      '/pt-br/?rest_route=/tribe/events/v1/',
    ]) {
      const reply = await server.request(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('link'), path).toBe(linkFor(server.url));
    }
  });

  it('names the host the request came to, also in answers served from the response cache', async () => {
    const { port } = new URL(server.url);
    const path = '/wp-json/tribe/events/v1/venues';
    const viaLoopback = await raw(path, { host: `127.0.0.1:${port}` });
    const viaLocalhost = await raw(path, { host: `localhost:${port}` });
    const keptForLocalhost = await raw(path, { host: `localhost:${port}` });
    expect(viaLoopback.headers.link).toBe(linkFor(`http://127.0.0.1:${port}`));
    expect(viaLocalhost.headers.link).toBe(linkFor(`http://localhost:${port}`));
    expect(keptForLocalhost.headers.link).toBe(linkFor(`http://localhost:${port}`));
  });

  it('is on 304 answers, from the response cache and from the app', async () => {
    const path = '/wp-json/tribe/events/v1/categories';
    const first = await server.request(path);
    const etag = first.headers.get('etag') ?? '';
    const kept = await raw(path, { 'if-none-match': etag });
    expect(kept.status).toBe(304);
    expect(kept.headers.link).toBe(linkFor(server.url));
    // Signed-in callers are never served from the cache: Express answers their 304.
    const owner = { authorization: 'Bearer test-owner-token-0123456789' };
    const mine = await raw(path, owner);
    const notModified = await raw(path, { ...owner, 'if-none-match': String(mine.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.link).toBe(linkFor(server.url));
  });

  it('lets browsers on other origins read it', async () => {
    const reply = await server.api('/events', { headers: { origin: 'https://site.example' } });
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/(^|,)\s*Link\s*(,|$)/);
  });
});

describe('method override (X-HTTP-Method-Override, ?_method=)', () => {
  const newEvent = (title: string) =>
    createEvent(server, { title, start_date: at(2), end_date: at(2, 1) });

  it('handles a POST with X-HTTP-Method-Override: DELETE as a DELETE (to the trash)', async () => {
    const event = await newEvent('Override header');
    const reply = await server.api(`/events/${event.id}`, {
      method: 'POST',
      as: 'owner',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(reply.status).toBe(200);
    expect(eventOf(reply).status).toBe('trash');
    expect(
      (await server.api(`/events/${event.id}`, { method: 'DELETE', as: 'owner' })).status,
    ).toBe(410);
  });

  it('reads ?_method= in any letter case, also in the ?rest_route= form', async () => {
    const first = await newEvent('Method param');
    const second = await newEvent('Method param, query root');
    const reply = await server.api(`/events/${first.id}?_method=delete`, {
      method: 'POST',
      as: 'owner',
    });
    expect(eventOf(reply).status).toBe('trash');
    const queryRoot = await server.request(
      `/?rest_route=/tribe/events/v1/events/${second.id}&_method=Delete`,
      { method: 'POST', as: 'owner' },
    );
    expect(queryRoot.status).toBe(200);
    expect(eventOf(queryRoot).status).toBe('trash');
  });

  it('lets ?_method= win over the header, and takes PUT and PATCH', async () => {
    const event = await newEvent('Before');
    const patched = await server.api(`/events/${event.id}?_method=PATCH`, {
      as: 'owner',
      json: { title: 'Patched' },
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(patched.status).toBe(200);
    expect(eventOf(patched)).toMatchObject({ title: 'Patched', status: 'publish' });
    // A collection has no PUT: the overridden POST finds no route, where a POST would create.
    const put = await server.api('/events', {
      as: 'owner',
      json: { title: 'Not created', start_date: at(3), end_date: at(3, 1) },
      headers: { 'x-http-method-override': 'PUT' },
    });
    expect(put.status).toBe(404);
    expect(errorOf(put.body).code).toBe('rest_no_route');
  });

  it('never turns a GET into a write, nor a POST into a read', async () => {
    const event = await newEvent('Still here');
    const get = await server.api(`/events/${event.id}?_method=DELETE`, { as: 'owner' });
    expect(eventOf(get).status).toBe('publish');
    const created = await server.api('/events', {
      as: 'owner',
      json: { title: 'Created anyway', start_date: at(3), end_date: at(3, 1) },
      headers: { 'x-http-method-override': 'GET' },
    });
    expect(created.status).toBe(201);
  });

  it('is not answered from the response cache, and needs the credentials a DELETE needs', async () => {
    const event = await newEvent('Kept answer');
    const path = `/events/${event.id}`;
    expect((await server.api(path)).status).toBe(200);
    expect((await server.api(path)).status).toBe(200); // now kept
    const anonymous = await server.api(path, {
      method: 'POST',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(anonymous.status).toBe(401);
    const contributor = await server.api(path, {
      method: 'POST',
      as: 'contributor',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(contributor.status).toBe(403);
    expect(eventOf(await server.api(path)).status).toBe('publish');
  });

  it('asks the editor’s session for its CSRF token, as a DELETE does', async () => {
    const event = await newEvent('Session delete');
    const opened = await fetch(`${server.url}/wp-json/marquee/v1/session`, {
      method: 'POST',
      headers: { 'x-marquee-key': OWNER_KEY },
    });
    const { csrfToken } = (await opened.json()) as { csrfToken: string };
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const path = `/events/${event.id}?_method=DELETE`;
    const withoutToken = await server.api(path, { method: 'POST', headers: { cookie } });
    expect(errorOf(withoutToken.body).code).toBe('marquee_csrf');
    const withToken = await server.api(path, {
      method: 'POST',
      headers: { cookie, 'x-marquee-csrf': csrfToken },
    });
    expect(eventOf(withToken).status).toBe('trash');
  });
});

describe('method override: CORS preflight', () => {
  let withOrigins: TestServer;
  beforeAll(async () => {
    withOrigins = await startTestServer({
      overrides: { allowedOrigins: ['https://site.example'] },
    });
  });
  afterAll(() => withOrigins.close());

  it('lets a configured origin send X-HTTP-Method-Override', async () => {
    const preflight = await fetch(`${withOrigins.url}/wp-json/tribe/events/v1/events/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-http-method-override',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(
      /X-HTTP-Method-Override/i,
    );
  });
});

describe('Basic credentials (WordPress application-password style)', () => {
  const basic = (user: string, token: string) =>
    `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;

  it('needs the token’s name as the user name, and says so', async () => {
    const path = '/venues?status=draft';
    const wrong = await server.api(path, {
      headers: { authorization: basic('anything', server.tokens.editor) },
    });
    expect(wrong.status).toBe(401);
    const error = errorOf(wrong.body);
    // A name no user has: WordPress's code for an unknown login.
    expect(error.code).toBe('invalid_username');
    expect(error.message).toMatch(/user name must be the access token’s name \("editor token"\)/);
    const right = await server.api(path, {
      headers: { authorization: basic('Editor Token', server.tokens.editor) },
    });
    expect(right.status).toBe(200);
  });
});
