/**
 * A token's reads of TEC's routes are answered from the response cache, as the public's are,
 * keyed by the caller: never another caller's answer, never past the next change, and never
 * for a token that no longer signs in.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { at, createEvent, titles } from '../support/events.ts';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(QUIET_PEERS);
});
afterEach(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function madeToken(name: string, role: string) {
  const made = await server.request('/wp-json/marquee/v1/tokens', {
    as: 'owner',
    json: { name, role },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: number; token: string };
}

it('answers a token’s second read from the cache, the token checked again', async () => {
  await createEvent(server, { title: 'Concert', start_date: at(1), end_date: at(1, 2) });
  const list = () => titles(server, '?per_page=5', 'editor');
  const first = await server.statementsDuring(list);
  // The token's lookup alone: no list is selected and no event read.
  const second = await server.statementsDuring(list);
  expect(second).toBeLessThan(first);
  expect(second).toBeLessThanOrEqual(1);
  expect(await list()).toEqual(['Concert']);
});

it('keeps each caller’s answer apart: a draft is not in an author’s list', async () => {
  await createEvent(server, {
    title: 'Secret gala',
    status: 'draft',
    start_date: at(2),
    end_date: at(2, 2),
  });
  const query = '?per_page=5&status=draft,publish';
  expect(await titles(server, query, 'editor')).toEqual(['Secret gala']);
  expect(await titles(server, query, 'editor')).toEqual(['Secret gala']);
  expect(await titles(server, query, 'author')).toEqual([]);
  const anonymous = await server.api(`/events${query}`, { as: 'anonymous' });
  expect(anonymous.status).not.toBe(200);
});

it('refuses a revoked token at once, though its answer was kept', async () => {
  const { id, token } = await madeToken('Old build', 'editor');
  const list = () => server.api('/events?per_page=5', { headers: bearer(token) });
  expect((await list()).status).toBe(200);
  expect((await list()).status).toBe(200);
  const revoked = await server.request(`/wp-json/marquee/v1/tokens/${id}`, {
    as: 'owner',
    method: 'DELETE',
  });
  expect(revoked.status).toBe(200);
  const refused = await list();
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'marquee_invalid_token' });
});

it('follows the next change for a token as for the public', async () => {
  const list = () => titles(server, '?per_page=5', 'editor');
  expect(await list()).toEqual([]);
  await createEvent(server, { title: 'Recital', start_date: at(1), end_date: at(1, 2) });
  expect(await list()).toEqual(['Recital']);
});
