/** Errors use the WordPress envelope at every root; guards and caching hold. */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import type { TestServer } from '../support/test-server.ts';
import { expectError, startWithMainHall } from '../support/venues.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startWithMainHall();
});
afterAll(() => server.close());

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
