/**
 * The differences issue 40 listed from recorded TEC answers, each measured again on the real
 * site (TEC 6.17.2) and fixed: term counts, `website` after an update, terms named in a form
 * body, date windows and list orders, and the index's `?context=help`.
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

describe('category counts, as TEC counts them', () => {
  it('counts published events only, and lists an empty category whose child has events', async () => {
    const category = async (json: object) =>
      ((await server.api('/categories', { as: 'owner', json })).body as { id: number }).id;
    const parent = await category({ name: 'Counted parent' });
    const child = await category({ name: 'Counted child', parent });
    await category({ name: 'Counted lone' });
    await createEvent(server, { ...basics, categories: [child] });
    for (const status of ['draft', 'pending', 'private'])
      await createEvent(server, { ...basics, categories: [parent, child], status });
    const trashed = await createEvent(server, { ...basics, categories: [parent] });
    await server.api(`/events/${trashed.id}`, { method: 'DELETE', as: 'owner' });
    const listed = (await server.api('/categories?search=Counted')).body as {
      categories: { name: string; count: number }[];
    };
    expect(listed.categories.map(({ name, count }) => [name, count])).toEqual([
      ['Counted child', 1],
      ['Counted parent', 0],
    ]);
  });
});
