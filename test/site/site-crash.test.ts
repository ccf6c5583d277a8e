/**
 * Crash safety of the website sync: `marquee serve` killed with SIGKILL at named
 * points of a push or a pull (MARQUEE_SITE_CRASH_AT: the server kills itself there, as a power
 * cut would), started again, and synced: the site has no duplicate, and no change is lost on
 * either side; a sync after that has nothing left to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncSummary } from '#shared/schemas/peer.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';
import {
  adminRequest,
  createTecEvent,
  mark,
  tecIds,
  tecSite,
  type Json,
} from '../support/tec-site.ts';

const site = tecSite();
const TOKEN = 'site-crash-token-0123456789';

let dataDir: string;
let server: CliServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-site-crash-'));
});
afterEach(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGKILL');
    await server.exit;
  }
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(crashAt?: string): Promise<CliServer> {
  server = await serveCli(['--data', dataDir, '--admin-token', TOKEN], {
    MARQUEE_SITE_POLL_SECONDS: '0',
    ...(crashAt && { MARQUEE_SITE_CRASH_AT: crashAt }),
  });
  return server;
}

async function api(path: string, init: { method?: string; json?: unknown } = {}) {
  const reply = await fetch(`${server!.url}/wp-json/${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  return { status: reply.status, body: (await reply.json()) as Json };
}

const sync = async () =>
  (await api('marquee/v1/site/sync', { json: {} })).body.summary as SyncSummary;

/** Stops the server (cleanly), then starts it with a crash at `point`, and asks for a sync. */
async function crashAt(point: string): Promise<void> {
  server!.process.kill('SIGTERM');
  await server!.exit;
  const crashing = await start(point);
  await fetch(`${crashing.url}/wp-json/marquee/v1/site/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  expect((await crashing.exit).signal).toBe('SIGKILL');
  await start();
}

async function connected(): Promise<void> {
  await start();
  const reply = await api('marquee/v1/site', {
    method: 'PUT',
    json: { address: site!.url, login: 'admin', password: site!.passwords.admin, confirm: true },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const ALL = 'start_date=1900-01-01&end_date=2200-12-31&status=publish,future,draft,pending,private';
const when = { start_date: '2027-03-09 20:00:00', end_date: '2027-03-09 22:00:00' };
const idle = { sent: 0, received: 0, merged: 0, conflicts: 0, deleted: 0 };

describe.skipIf(!site)('a kill -9 in the middle of a website sync', () => {
  for (const point of ['create-intent', 'create-sent'])
    it(`leaves no duplicate of a new event on the site (killed at ${point})`, async () => {
      await connected();
      const title = `Crash new ${mark()}`;
      const made = await api('tribe/events/v1/events', { json: { title, ...when, cost: '3' } });
      expect(made.status).toBe(201);
      await crashAt(point);
      await sync();
      const ids = await tecIds(`${ALL}&search=${encodeURIComponent(title)}`);
      expect(ids).toHaveLength(1);
      expect((await adminRequest(`tribe/events/v1/events/${ids[0]}`)).body).toMatchObject({
        title,
        cost: '$3',
      });
      const after = await sync();
      expect(after, JSON.stringify((await api('marquee/v1/site/log?limit=8')).body)).toEqual(idle);
      expect(await tecIds(`${ALL}&search=${encodeURIComponent(title)}`)).toEqual(ids);
    });

  for (const point of ['update-intent', 'update-sent'])
    it(`loses no change on either side (killed at ${point})`, async () => {
      await connected();
      const title = `Crash update ${mark()}`;
      const made = await api('tribe/events/v1/events', { json: { title, ...when } });
      await sync();
      const siteId = Number((await tecIds(`${ALL}&search=${encodeURIComponent(title)}`))[0]);
      await api(`tribe/events/v1/events/${made.body.id as number}`, {
        json: { excerpt: 'Changed in Marquee' },
      });
      await crashAt(point);
      // Meanwhile, on the site, another field changes.
      await adminRequest(`wp/v2/tribe_events/${siteId}`, { body: { title: `${title} (site)` } });
      await sync();
      const raw = (await adminRequest(`wp/v2/tribe_events/${siteId}?context=edit`)).body;
      expect([(raw.title as Json).raw, (raw.excerpt as Json).raw]).toEqual([
        `${title} (site)`,
        'Changed in Marquee',
      ]);
      const mine = (await api(`tribe/events/v1/events/${made.body.id as number}`)).body;
      expect([mine.title, mine.excerpt]).toEqual([`${title} (site)`, '<p>Changed in Marquee</p>']);
      expect(await sync()).toEqual(idle);
      expect(await tecIds(`${ALL}&search=${encodeURIComponent(title)}`)).toEqual([siteId]);
    });

  it('keeps what was pulled before the kill, once (killed at pulled)', async () => {
    await connected();
    const title = `Crash pulled ${mark()}`;
    await createTecEvent({ title, ...when, cost: '8' });
    await crashAt('pulled');
    await sync();
    const mine = (await api(`tribe/events/v1/events?search=${encodeURIComponent(title)}&${ALL}`))
      .body.events as Json[];
    expect(mine.map((event) => [event.title, event.cost])).toEqual([[title, '$8']]);
    expect(await sync()).toEqual(idle);
  });
});
