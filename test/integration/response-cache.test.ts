/** Prepared answers: served without SQL until a change, a new calendar day or a clock-relative query. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { at, createEvent, eventListOf, titles } from '../support/events.ts';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(QUIET_PEERS);
});
afterEach(() => server.close());

async function statementsFor(
  path: string,
  as: 'anonymous' | 'editor' = 'anonymous',
): Promise<number> {
  return server.statementsDuring(async () => {
    expect((await server.api(path, { as })).status).toBe(200);
  });
}

it('serves a repeated anonymous GET without touching the database, until something changes', async () => {
  await createEvent(server, { title: 'First', start_date: at(1), end_date: at(1, 1) });
  expect(await statementsFor('/events')).toBeGreaterThan(0);
  expect(await statementsFor('/events')).toBe(0);
  expect(await statementsFor('/events?per_page=5')).toBeGreaterThan(0);
  await createEvent(server, { title: 'Second', start_date: at(2), end_date: at(2, 1) });
  expect(await titles(server, '')).toEqual(['First', 'Second']);
  expect(await statementsFor('/events')).toBe(0);
});

it('never serves the public’s kept answer to a signed-in caller', async () => {
  await createEvent(server, {
    title: 'Draft',
    status: 'draft',
    start_date: at(1),
    end_date: at(1, 1),
  });
  expect(await titles(server, '')).toEqual([]);
  expect(await statementsFor('/events', 'editor')).toBeGreaterThan(0);
  expect(await titles(server, '', 'editor')).toEqual(['Draft']);
});

it('moves the default window when the calendar’s day changes', async () => {
  await createEvent(server, { title: 'Tomorrow', start_date: at(1), end_date: at(1, 1) });
  expect(await titles(server, '')).toEqual(['Tomorrow']);
  server.clock.advance(3 * 24 * 3_600_000);
  expect(await titles(server, '')).toEqual([]);
});

it('does not keep answers to dates relative to now', async () => {
  await createEvent(server, { title: 'Soon', start_date: at(0, 2), end_date: at(0, 3) });
  const query = '?start_date=now&strict_dates=true';
  expect(await titles(server, query)).toEqual(['Soon']);
  server.clock.advance(2.5 * 3_600_000);
  expect(await titles(server, query)).toEqual([]);
  // Two and a half hours on again: still the answer of its moment, never a kept one.
  await createEvent(server, { title: 'Later', start_date: at(0, 6), end_date: at(0, 7) });
  expect(await titles(server, query)).toEqual(['Later']);
  server.clock.advance(2.5 * 3_600_000);
  expect(await titles(server, query)).toEqual(['Later']);
  server.clock.advance(2.5 * 3_600_000);
  expect(await titles(server, query)).toEqual([]);
});

it('answers a conditional request for a kept answer with 304 and its CORS headers', async () => {
  const first = await server.api('/events', { headers: { origin: 'https://site.example' } });
  const etag = first.headers.get('etag') ?? '';
  const { request } = await import('node:http');
  const status = await new Promise<{ code: number; cors: string | undefined }>(
    (resolve, reject) => {
      const req = request(
        `${server.url}/wp-json/tribe/events/v1/events`,
        { headers: { 'if-none-match': etag, origin: 'https://site.example' } },
        (res) => {
          res.resume();
          resolve({
            code: res.statusCode ?? 0,
            cors: res.headers['access-control-allow-origin'],
          });
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  expect(status).toEqual({ code: 304, cors: '*' });
  expect(eventListOf(first).total).toBe(0);
});
