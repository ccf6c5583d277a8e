/**
 * The owner's password-less session (POST marquee/v1/session): only with the owner key made at
 * launch, or the cookie of a session already open; never through a proxy, never for another
 * machine's Host; idle sessions end, and only so many stay open. Tokens work as before. CORS
 * gives its wildcard to public reads alone, never to the session's answer.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { SESSION_CAP, SESSION_IDLE_MS } from '#server/sign-in/sessions.ts';
import {
  OWNER_KEY,
  serverPerTest,
  type RequestOptions,
  type TestServer,
} from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

const newServer = serverPerTest();
const SESSION = '/wp-json/marquee/v1/session';
const TOKENS = '/wp-json/marquee/v1/tokens';

const openSession = (server: TestServer, init: RequestOptions = {}) =>
  server.request(SESSION, { method: 'POST', ...init });

/** The `name=value` of the session cookie an answer sets ('' for none). */
const cookieOf = (reply: { headers: Headers }) =>
  (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** Whether a cookie still names a live owner's session: the owner's token list answers it. */
async function isOwner(server: TestServer, cookie: string): Promise<boolean> {
  const reply = await server.request(TOKENS, { headers: { cookie } });
  return reply.status === 200;
}

describe('the owner key', () => {
  it('opens no session without it, with a clear refusal in the envelope', async () => {
    const server = await newServer();
    // What a request through nginx's default proxy_pass looks like: loopback peer, loopback Host.
    const refused = expectError(await openSession(server), 401, 'marquee_owner_key');
    expect(refused.message).toMatch(/address Marquee printed/);
    expect(cookieOf(await openSession(server))).toBe('');
    expectError(
      await openSession(server, { headers: { 'x-marquee-key': `${OWNER_KEY}x` } }),
      401,
      'marquee_owner_key',
    );
    expectError(
      await openSession(server, { headers: { 'x-marquee-key': '' } }),
      401,
      'marquee_owner_key',
    );
    expectError(await openSession(server, { json: { key: 42 } }), 401, 'marquee_owner_key');
  });

  it('opens the owner’s session with the key in X-Marquee-Key or in the body', async () => {
    const server = await newServer();
    for (const init of [
      { headers: { 'x-marquee-key': OWNER_KEY } },
      { json: { key: OWNER_KEY } },
    ] satisfies RequestOptions[]) {
      const opened = await openSession(server, init);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body).toMatchObject({ user: { role: 'admin' } });
      expect(await isOwner(server, cookieOf(opened))).toBe(true);
    }
  });

  it('does not take the key from the query string (addresses end up in logs)', async () => {
    const server = await newServer();
    const reply = await openSession(server, { headers: {} });
    const inQuery = await server.request(`${SESSION}?key=${OWNER_KEY}`, { method: 'POST' });
    expect(reply.status).toBe(401);
    expectError(inQuery, 401, 'marquee_owner_key');
  });

  it('gives a second tab the session its cookie names, and a dead cookie nothing', async () => {
    const server = await newServer();
    const first = await openSession(server, { headers: { 'x-marquee-key': OWNER_KEY } });
    const cookie = cookieOf(first);
    const second = await openSession(server, { headers: { cookie } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const name = cookie.split('=')[0];
    expectError(
      await openSession(server, { headers: { cookie: `${name}=forged` } }),
      401,
      'marquee_owner_key',
    );
  });

  it('names its cookie for its port, so two servers on one computer keep both sessions', async () => {
    const [laptop, hub] = [await newServer(), await newServer()];
    const key = { 'x-marquee-key': OWNER_KEY };
    const laptopCookie = cookieOf(await openSession(laptop, { headers: key }));
    const hubCookie = cookieOf(await openSession(hub, { headers: key }));
    expect(laptopCookie.split('=')[0]).toBe(`marquee_session_${new URL(laptop.url).port}`);
    // A browser keeps cookies per host and name, whatever the port: both are sent to both.
    const jar = new Map(
      [laptopCookie, hubCookie].map((cookie) => cookie.split('=') as [string, string]),
    );
    expect(jar.size).toBe(2);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect(await isOwner(laptop, cookie)).toBe(true);
    expect(await isOwner(hub, cookie)).toBe(true);
  });

  it('keeps tokens working: a token is its own user, with no cookie', async () => {
    const server = await newServer();
    const reply = await openSession(server, { as: 'editor' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { role: 'editor' }, csrfToken: '' });
    expect(cookieOf(reply)).toBe('');
    expectError(
      await openSession(server, { headers: { authorization: 'Bearer not-a-token' } }),
      401,
      'marquee_invalid_token',
    );
  });

  it('refuses the key with another machine’s Host, even one the server answers to', async () => {
    const server = await newServer();
    await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      json: { allowedHosts: ['calendar.venue.example'] },
    });
    // fetch may not set Host: node:http does, as a proxy that keeps it (Caddy's default) would.
    const { port } = new URL(server.url);
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: SESSION,
          method: 'POST',
          headers: { host: 'calendar.venue.example', 'x-marquee-key': OWNER_KEY },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expectError(
      { ...reply, headers: new Headers(), body: JSON.parse(reply.body) as unknown },
      401,
      'marquee_owner_key',
    );
  });
});

describe('proxies', () => {
  it.each([
    ['forwarded', 'for=203.0.113.7;proto=https'],
    ['x-forwarded-for', '203.0.113.7'],
    ['x-forwarded-host', 'calendar.venue.example'],
    ['x-forwarded-proto', 'https'],
    ['via', '1.1 caddy'],
  ])('refuses the session whenever %s is present, key or cookie', async (name, value) => {
    const server = await newServer();
    const cookie = cookieOf(await openSession(server, { headers: { 'x-marquee-key': OWNER_KEY } }));
    for (const headers of [{ 'x-marquee-key': OWNER_KEY }, { cookie }] as Record<
      string,
      string
    >[]) {
      const reply = await openSession(server, { headers: { ...headers, [name]: value } });
      const refused = expectError(reply, 403, 'marquee_session_proxied');
      expect(refused.message).toMatch(/access token/);
      expect(cookieOf(reply)).toBe('');
    }
    // A token passes a proxy as it always did.
    expect((await openSession(server, { as: 'editor', headers: { [name]: value } })).status).toBe(
      200,
    );
  });
});

describe('how long sessions live', () => {
  it(`ends a session after ${SESSION_IDLE_MS / 3_600_000} idle hours, counted from its last use`, async () => {
    const server = await newServer();
    const cookie = cookieOf(await openSession(server, { headers: { 'x-marquee-key': OWNER_KEY } }));
    server.clock.advance(SESSION_IDLE_MS - 1);
    expect(await isOwner(server, cookie)).toBe(true);
    // Used just now: it slides on.
    server.clock.advance(SESSION_IDLE_MS - 1);
    expect(await isOwner(server, cookie)).toBe(true);
    server.clock.advance(SESSION_IDLE_MS);
    expect(await isOwner(server, cookie)).toBe(false);
    // And the cookie no longer opens it: the page asks with its key again.
    expectError(await openSession(server, { headers: { cookie } }), 401, 'marquee_owner_key');
  });

  it(`keeps at most ${SESSION_CAP} open, closing the one used longest ago`, async () => {
    const server = await newServer();
    const open = async () =>
      cookieOf(await openSession(server, { headers: { 'x-marquee-key': OWNER_KEY } }));
    const cookies: string[] = [];
    for (let i = 0; i < SESSION_CAP; i++) cookies.push(await open());
    // The first is used again, so the second is now the one used longest ago.
    expect(await isOwner(server, cookies[0]!)).toBe(true);
    const extra = await open();
    expect(await isOwner(server, cookies[1]!)).toBe(false);
    expect(await isOwner(server, cookies[0]!)).toBe(true);
    expect(await isOwner(server, cookies[2]!)).toBe(true);
    expect(await isOwner(server, extra)).toBe(true);
  });
});

describe('CORS', () => {
  const evil = { origin: 'https://evil.example' };

  it('shows the session’s answer, and any POST’s, to no other origin', async () => {
    const server = await newServer();
    const session = await openSession(server, {
      headers: { ...evil, 'x-marquee-key': OWNER_KEY },
    });
    expect(session.status).toBe(200);
    expect(session.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await openSession(server, { headers: evil });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const token = await server.request(TOKENS, {
      as: 'owner',
      headers: evil,
      json: { name: 'minted', role: 'admin' },
    });
    expect(token.status).toBe(201);
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await server.request(SESSION, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets any origin read, preflight included', async () => {
    const server = await newServer();
    const read = await server.api('/events', { headers: evil });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await server.api('/events', {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps a configured origin’s credentialed access', async () => {
    const server = await newServer();
    await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      json: { allowedOrigins: ['https://site.example'] },
    });
    const write = await server.api('/venues', {
      as: 'editor',
      headers: { origin: 'https://site.example' },
      json: { venue: 'From the site' },
    });
    expect(write.status).toBe(201);
    expect(write.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(write.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
