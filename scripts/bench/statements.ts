/**
 * Counts the SQL statements one request runs, in-process on a seeded calendar, for several page
 * sizes: a page of 50 must cost as many statements as a page of 1 (no query per record).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createApp } from '#server/app.ts';
import { systemClock } from '#server/clock.ts';
import { silentLogger } from '#server/logger.ts';
import { loadSettings } from '#server/settings/settings-file.ts';
import { openStore } from '#server/store/open-store.ts';

const ROUTES = ['events', 'venues', 'organizers', 'categories', 'tags'];

export async function statementsPerRequest(dataDir: string): Promise<Record<string, string>> {
  const store = openStore(dataDir, { lock: false });
  const app = createApp({
    store,
    settings: loadSettings(dataDir),
    clock: systemClock,
    logger: silentLogger,
    version: 'bench',
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const out: Record<string, string> = {};
  try {
    for (const route of ROUTES) {
      const counts: string[] = [];
      for (const perPage of [1, 10, 50]) {
        const before = store.db.statementCount();
        // Authenticated requests are never served from the response cache.
        const reply = await fetch(
          `http://127.0.0.1:${port}/wp-json/tribe/events/v1/${route}?per_page=${perPage}&hide_empty=false`,
        );
        if (!reply.ok) throw new Error(`${route}: ${reply.status}`);
        await reply.arrayBuffer();
        counts.push(`per_page=${perPage}: ${store.db.statementCount() - before}`);
      }
      out[`GET /${route}`] = counts.join(', ');
    }
  } finally {
    server.close();
    store.close();
  }
  return out;
}
