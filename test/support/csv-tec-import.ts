/**
 * The server and helpers both CSV import test files use: a fresh calendar in America/Chicago
 * per test, TEC's CSV fixtures imported through the API, the events read back by title.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import { eventListOf } from './events.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export const IMPORT = '/wp-json/marquee/v1/import?format=csv';
export const ALL = 'status=publish,draft,pending,private,future&start_date=2000-01-01&per_page=50';

/** A fixture without its first line, the comment that says which TEC file it follows. */
export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/csv-tec/${name}`, import.meta.url), 'utf8').replace(
    /^#.*\n/,
    '',
  );

/** Starts a calendar before each test and closes it after; `server()` is the current one. */
export function csvTecServer() {
  let current: TestServer | undefined;
  beforeEach(async () => {
    current = await startTestServer({ overrides: { timezone: 'America/Chicago' } });
  });
  afterEach(() => current?.close());
  const server = () => current!;

  async function imported(name: string, query = '') {
    const reply = await server().request(`${IMPORT}${query}`, {
      as: 'owner',
      text: fixture(name),
    });
    return { status: reply.status, body: reply.body as ImportSummary & { data?: unknown } };
  }

  /** Every event of the calendar by title, as GET /events answers it. */
  async function eventsByTitle() {
    const list = eventListOf(await server().api(`/events?${ALL}`, { as: 'owner' }));
    return new Map(list.events.map((event) => [event.title, event]));
  }

  return { server, imported, eventsByTitle };
}
