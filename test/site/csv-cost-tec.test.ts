/**
 * A CSV export read by TEC's own CSV importer (Events → Import → CSV, run on the real site)
 * shows each event's cost as Marquee's API shows it: the same `cost`, the same currency symbol
 * and amounts in `cost_details`. Costs typed every way a venue types them: with the symbol
 * before or after, a range, a symbol of two letters, none, and no number at all. (A list,
 * "10, 20, 30", is left out: TEC reads its commas as decimal points in its importer and its
 * REST API alike, "10." and "20.", so no text in one column gives it back.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';
import { mark, siteRequest, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();
const IMPORTER = join(import.meta.dirname, '../support/tec-csv-import.php');

const COSTS = [
  '$6',
  '6',
  '4 – 6',
  '20€',
  '$4 – $6',
  '€6.50 - €8.50',
  'R$ 20',
  'Free',
  'Donation at the door',
  '0',
];

type CostAnswer = { cost: string; cost_details: { currency_symbol: string; values: string[] } };

let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await startTestServer();
  folder = mkdtempSync(join(tmpdir(), 'marquee-csv-tec-'));
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const costOf = (event: CostAnswer) => ({
  cost: event.cost,
  symbol: event.cost_details.currency_symbol,
  values: event.cost_details.values,
});

describe.skipIf(!site)('the CSV export in TEC’s importer', () => {
  it('gives every cost as Marquee’s API gives it', async () => {
    const run = mark();
    const mine = new Map<string, CostAnswer>();
    for (const [index, cost] of COSTS.entries()) {
      const title = `Cost ${run} ${index}`;
      const created = await server.api('/events', {
        as: 'owner',
        json: { title, cost, start_date: '2027-03-04 19:00:00', end_date: '2027-03-04 21:00:00' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      mine.set(title, created.body as CostAnswer);
    }
    const reply = await fetch(
      `${server.url}/wp-json/marquee/v1/export?format=csv&kind=events&language=en`,
      { headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
    );
    expect(reply.status).toBe(200);
    const file = join(folder, 'events.csv');
    writeFileSync(file, await reply.text());

    const imported = spawnSync('php', [IMPORTER, join(site!.dir, 'wp'), file], {
      encoding: 'utf8',
    });
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      created: COSTS.length,
      skipped: [],
    });

    const found = await siteRequest(
      site!,
      `tribe/events/v1/events?search=${encodeURIComponent(run)}&start_date=2027-03-01&per_page=50`,
    );
    const theirs = new Map(
      ((found.body as { events: (CostAnswer & Json)[] }).events ?? []).map((event) => [
        String(event.title),
        event,
      ]),
    );
    expect([...theirs.keys()].sort()).toEqual([...mine.keys()].sort());
    for (const [title, event] of mine)
      expect(costOf(theirs.get(title)!), `${title}: ${event.cost}`).toEqual(costOf(event));
  });
});
