/**
 * The editor in a browser on this machine syncs through a session (cookie + CSRF token), and
 * opens a new one by itself when the server forgot it (a restart). Node's fetch keeps no
 * cookies, so a small jar stands in for the browser's, in front of the real server.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sessionCredentials } from '#renderer/data/sync/credentials.ts';
import { httpTransport } from '#renderer/data/sync/transport.ts';
import { at, createEvent } from '../support/events.ts';
import { OWNER_KEY, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const jar = new Map<string, string>();
const sent: { path: string; status: number }[] = [];
const realFetch = globalThis.fetch;

/** fetch with a cookie jar: what a browser does with `credentials: 'same-origin'`. */
async function browserFetch(input: string | URL, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  const response = await realFetch(input, { ...init, headers });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const [name = '', value = ''] = pair.split('=');
    jar.set(name, value);
  }
  sent.push({ path: new URL(input).pathname, status: response.status });
  return response;
}

beforeEach(async () => {
  server = await startTestServer();
  vi.stubGlobal('fetch', browserFetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  jar.clear();
  sent.length = 0;
  await server.close();
});

it('syncs with a session, and opens a new one when the server restarted', async () => {
  const transport = httpTransport(
    () => server.url,
    sessionCredentials(
      () => server.url,
      () => OWNER_KEY,
    ),
  );
  await createEvent(server, { title: 'Seen', start_date: at(1), end_date: at(1, 1) });
  sent.length = 0;
  expect(
    (await transport.pull({ since: '0', limit: 10, clientId: 'browser-tab-1' })).records.event,
  ).toHaveLength(1);
  expect(sent.map((request) => request.path)).toEqual([
    '/wp-json/marquee/v1/session',
    '/wp-json/marquee/v1/sync/pull',
  ]);

  await server.close(true);
  server = await startTestServer({ dataDir: server.dataDir });
  sent.length = 0;
  const pushed = await transport.push({ clientId: 'browser-tab-1', mutations: [] });
  expect(pushed.lastMutationId).toBe(0);
  expect(sent).toEqual([
    { path: '/wp-json/marquee/v1/sync/push', status: 401 },
    { path: '/wp-json/marquee/v1/session', status: 200 },
    { path: '/wp-json/marquee/v1/sync/push', status: 200 },
  ]);
});
