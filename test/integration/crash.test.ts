/**
 * Crashes: `marquee serve` as its own process, killed with SIGKILL at seeded random
 * moments — while 8 writers write, and in the middle of a large import — then started again on
 * the same data. Every acknowledged write must be there, an import must be there whole or not at
 * all, and `PRAGMA integrity_check` must say ok. Bounded: a few rounds of about a second each.
 * MARQUEE_CRASH_SEED picks other moments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tecEventSchema } from '#shared/tec/event.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';
import { integrityOf } from '../support/storage.ts';

const SEED = Number(process.env.MARQUEE_CRASH_SEED ?? 17_2026);
const ROUNDS = 3;
const WRITERS = 8;
const IMPORTED_EVENTS = 3000;
const TOKEN = 'crash-test-token-0123456789';
/** About 6 s each on an idle 2-core machine; the cap leaves room for a machine under load. */
const CRASH_TEST_TIMEOUT_MS = 60_000;
const HEADERS = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

let dataDir: string;
let server: CliServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-crash-'));
});
afterEach(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGKILL');
    await server.exit;
  }
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** mulberry32: the same moments on every run with the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function start(): Promise<CliServer> {
  server = await serveCli(['--data', dataDir, '--admin-token', TOKEN]);
  return server;
}

async function kill(running: CliServer): Promise<void> {
  running.process.kill('SIGKILL');
  expect((await running.exit).signal).toBe('SIGKILL');
}

function expectIntact() {
  expect(integrityOf(dataDir)).toEqual({ integrity: ['ok'], foreignKeyProblems: 0 });
}

it(
  `keeps every acknowledged write of ${WRITERS} writers through ${ROUNDS} kills -9 (seed ${SEED})`,
  async () => {
    const random = seededRandom(SEED);
    const acknowledged = new Map<number, string>();
    let running = await start();
    for (let round = 0; round < ROUNDS; round += 1) {
      // The moment: after 10–50 more acknowledged writes, plus 0–15 ms, with requests in flight.
      const target = acknowledged.size + 10 + Math.floor(random() * 41);
      const extraMs = Math.floor(random() * 16);
      let killed = false;
      let writing = WRITERS;
      const refusals: string[] = [];
      const url = `${running.url}/wp-json/tribe/events/v1/events`;
      const writer = async (worker: number) => {
        for (let n = 0; !killed; n += 1) {
          const title = `Round ${round} writer ${worker} write ${n}`;
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: HEADERS,
              body: JSON.stringify({
                title,
                start_date: '2027-05-01 20:00:00',
                end_date: '2027-05-01 22:00:00',
              }),
            });
            if (response.status !== 201) {
              refusals.push(`${response.status} ${await response.text()}`);
              return;
            }
            acknowledged.set(tecEventSchema.parse(await response.json()).id, title);
          } catch {
            return; // the server is gone: this write was never acknowledged
          }
        }
      };
      const counted = (worker: number) => writer(worker).finally(() => (writing -= 1));
      const writers = Array.from({ length: WRITERS }, (_, worker) => counted(worker));
      while (acknowledged.size < target && writing > 0) await sleep(2);
      await sleep(extraMs);
      // Every writer still writing: the kill lands with requests in flight.
      expect([writing, refusals]).toEqual([WRITERS, []]);
      killed = true;
      await kill(running);
      await Promise.all(writers);

      running = await start();
      await expectPresent(running, acknowledged);
      expectIntact();
    }
    await kill(running);
  },
  CRASH_TEST_TIMEOUT_MS,
);

/** Every acknowledged event, read back by id with its title (8 requests at a time). */
async function expectPresent(running: CliServer, acknowledged: Map<number, string>) {
  const entries = [...acknowledged];
  const missing: string[] = [];
  for (let start = 0; start < entries.length; start += 8) {
    await Promise.all(
      entries.slice(start, start + 8).map(async ([id, title]) => {
        const response = await fetch(`${running.url}/wp-json/tribe/events/v1/events/${id}`, {
          headers: HEADERS,
        });
        const found = response.status === 200 ? tecEventSchema.parse(await response.json()) : null;
        if (found?.title !== title) missing.push(`${id} ${title}: ${response.status}`);
      }),
    );
  }
  expect(missing, `${missing.length} of ${entries.length} acknowledged writes lost`).toEqual([]);
}

/** A CSV of the import's events, all in `year`, so a date filter counts them. */
function csvFor(year: number): string {
  const rows = Array.from({ length: IMPORTED_EVENTS }, (_, n) => {
    const month = String((n % 12) + 1).padStart(2, '0');
    const day = String((n % 28) + 1).padStart(2, '0');
    return `Imported ${year} ${n},${year}-${month}-${day},19:00,21:00,Row ${n} of the ${year} file`;
  });
  return `event_name,event_start_date,event_start_time,event_end_time,event_description\n${rows.join('\n')}\n`;
}

function importFile(running: CliServer, csv: string, dryRun = false): Promise<Response> {
  return fetch(`${running.url}/wp-json/marquee/v1/import?format=csv&dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/csv' },
    body: csv,
  });
}

/** How many events the calendar has in `year`, whatever their status. */
async function eventsIn(running: CliServer, year: number): Promise<number> {
  const query = new URLSearchParams({
    start_date: `${year}-01-01 00:00:00`,
    end_date: `${year}-12-31 23:59:59`,
    status: 'publish,draft,pending,private,future',
    per_page: '1',
  });
  const response = await fetch(`${running.url}/wp-json/tribe/events/v1/events?${query}`, {
    headers: HEADERS,
  });
  await response.arrayBuffer();
  if (response.status !== 200 && response.status !== 404)
    throw new Error(`listing ${year}: ${response.status}`);
  return Number(response.headers.get('x-tec-total') ?? 0);
}

it(
  `leaves a large import killed -9 midway whole or absent, ${ROUNDS} times (seed ${SEED})`,
  async () => {
    const random = seededRandom(SEED + 1);
    let running = await start();
    // A dry run does the import's work and rolls it back: how long the real one takes, at least.
    const began = performance.now();
    const dry = await importFile(running, csvFor(2040), true);
    await dry.arrayBuffer();
    expect(dry.status).toBe(200);
    const duration = performance.now() - began;
    expect(await eventsIn(running, 2040)).toBe(0);

    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const year = 2031 + round;
      const csv = csvFor(year);
      let answered: number | undefined;
      const request = importFile(running, csv).then(
        async (response) => {
          await response.arrayBuffer();
          answered = response.status;
        },
        () => undefined, // killed before it answered
      );
      await sleep(duration * (0.1 + 0.8 * random()));
      await kill(running);
      await request;

      running = await start();
      const found = await eventsIn(running, year);
      if (answered === 201) expect(found, `round ${round}: acknowledged`).toBe(IMPORTED_EVENTS);
      else expect([0, IMPORTED_EVENTS], `round ${round}: ${found} events`).toContain(found);
      outcomes.push(answered === undefined ? 'killed mid-import' : `answered ${answered}`);
      expectIntact();
    }
    await kill(running);
    // The moments are within the import's duration: at least one kill landed inside it.
    expect(outcomes).toContain('killed mid-import');
  },
  CRASH_TEST_TIMEOUT_MS,
);
