/**
 * The website's application password never goes over plain http to another machine unless the
 * user says so (`insecure`): the connection is refused before any request is made, and allowed,
 * the answer says it is plain http. The site is a plain http listener reached by this
 * machine's host name (not a loopback name, yet it resolves here).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '#shared/net/loopback.ts';
import { siteTestSchema } from '#shared/schemas/site.ts';
import { createTecHttp } from '#server/peers/tec/tec-http.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** What a WordPress site with TEC answers "Test" with, and nothing of events yet. */
function answerOf(req: IncomingMessage): unknown {
  const url = new URL(req.url ?? '/', 'http://site');
  const route = url.searchParams.get('rest_route') ?? url.pathname.replace(/^\/wp-json/, '');
  if (route === '/' || route === '')
    return { name: 'Plain venue', timezone_string: 'UTC', namespaces: ['tribe/events/v1'] };
  if (route.startsWith('/wp/v2/users/me'))
    return { slug: 'editor', name: 'Editor', roles: ['editor'], capabilities: {} };
  // The plugins, and every list of posts and terms: none.
  if (route.startsWith('/wp/v2/')) return [];
  if (route.startsWith('/tribe/events/v1/events')) return { events: [], total: 0, total_pages: 0 };
  if (route.startsWith('/tribe/events/v1/venues')) return { venues: [], total: 0, total_pages: 0 };
  if (route.startsWith('/tribe/events/v1/organizers'))
    return { organizers: [], total: 0, total_pages: 0 };
  if (route.startsWith('/tribe/events/v1/categories'))
    return { categories: [], total: 0, total_pages: 0 };
  if (route.startsWith('/tribe/events/v1/tags')) return { tags: [], total: 0, total_pages: 0 };
  return { code: 'rest_no_route' };
}

/**
 * This machine by a name that is not a loopback name: its host name where it resolves, else an
 * address of one of its network interfaces (the listener takes every interface).
 */
async function thisMachine(): Promise<string> {
  try {
    await lookup(hostname());
    return hostname();
  } catch {
    const outer = Object.values(networkInterfaces())
      .flat()
      .find((face) => face && !face.internal && face.family === 'IPv4');
    return outer?.address ?? 'localhost';
  }
}

const host = await thisMachine();
let site: Server;
let address: string;
let server: TestServer;
const received: { path: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    received.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-wp-total', '0');
    res.setHeader('x-wp-totalpages', '0');
    res.end(JSON.stringify(answerOf(req)));
  });
  await new Promise<void>((resolve) => site.listen(0, '0.0.0.0', resolve));
  address = `http://${host}:${(site.address() as AddressInfo).port}`;
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => site.close(resolve));
});

const connection = (extra: Record<string, unknown> = {}) => ({
  address,
  login: 'editor',
  password: 'abcd efgh ijkl mnop qrst uvwx',
  ...extra,
});

describe.skipIf(isLoopbackHost(host))('the website over plain http', () => {
  it('is refused before any request, in the envelope, without insecure', async () => {
    const answer = await server.request('/wp-json/marquee/v1/site', {
      as: 'owner',
      method: 'PUT',
      json: connection(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'marquee_site_insecure', data: { status: 400 } });
    expect(JSON.stringify(answer.body)).toContain('https://');
    expect(received).toEqual([]);
  });

  it('never carries the password there from a connection made without insecure', async () => {
    const http = createTecHttp({
      root: `${address}/wp-json/`,
      login: { login: 'editor', password: 'abcd efgh ijkl mnop qrst uvwx' },
    });
    await expect(http.get('tribe/events/v1/events')).rejects.toMatchObject({
      code: 'marquee_site_insecure',
    });
    expect(received).toEqual([]);
  });

  it('is tested with insecure, and the answer says so', async () => {
    const answer = await server.request('/wp-json/marquee/v1/site', {
      as: 'owner',
      method: 'PUT',
      json: connection({ insecure: true }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(siteTestSchema.parse(answer.body).site.insecure).toBe(true);
    expect(received.some((request) => request.authorization?.startsWith('Basic '))).toBe(true);
  });
});
