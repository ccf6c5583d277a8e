/**
 * `npm run bench:sync` (part of `npm run bench`): the sync protocol on the 100k-event calendar.
 * 1. The wire alone: every pull page from 0, fetched and schema-checked (what any client pays).
 * 2. A first sync into an empty replica: the renderer's engine and Dexie, here on fake-indexeddb
 *    in Node (an in-memory IndexedDB; Chromium's own is a different, disk-backed engine).
 * 3. The steady state: one change made through the REST API, then one sync of the replica
 *    (an empty push and a one-record pull), repeated; median and worst.
 * 4. The same in Chromium (its own IndexedDB), as the user sees it: the editor opened on an
 *    empty profile until its replica is full, and a change's way into the open editor.
 * The server runs as its own process, as in use. Figures, not assertions.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { pullResponseSchema } from '#shared/schemas/sync.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { createReplica } from '#renderer/data/replica.ts';
import { tokenCredentials } from '#renderer/data/sync/credentials.ts';
import { httpTransport } from '#renderer/data/sync/transport.ts';
import { startSeededServer } from './processes.ts';
import { browserFigures } from './sync-browser.ts';
import { FULL_SIZE } from './seed.ts';

const TOKEN = 'bench-sync-token-0123456789';
const PORT = 8914;
const LIMIT = 1000;
const STEADY_ROUNDS = 30;
const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);
const origin = `http://127.0.0.1:${PORT}`;
const auth = { authorization: `Bearer ${TOKEN}` };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const result = await work();
  return [result, performance.now() - begun];
}

/** Every page from 0 over HTTP, parsed with the shared schema. */
async function pullEverything(): Promise<{ records: number; pages: number; bytes: number }> {
  let since = '0';
  let records = 0;
  let pages = 0;
  let bytes = 0;
  for (;;) {
    const url = `${origin}/wp-json/marquee/v1/sync/pull?since=${since}&limit=${LIMIT}`;
    const text = await (await fetch(url, { headers: auth })).text();
    const page = pullResponseSchema.parse(JSON.parse(text));
    bytes += text.length;
    pages += 1;
    records += Object.values(page.records).reduce((sum, list) => sum + list.length, 0);
    since = page.checkpoint;
    if (!page.more) return { records, pages, bytes };
  }
}

/**
 * `work`, with one client reading a single event in a loop meanwhile: what a pull makes a read
 * of the API wait (each page's records are read in slices, the thread handed back between).
 */
async function readsDuring<T>(work: () => Promise<T>): Promise<[T, string]> {
  let working = true;
  const waits: number[] = [];
  const reader = (async () => {
    while (working) {
      const begun = performance.now();
      await (await fetch(`${origin}/wp-json/tribe/events/v1/events/1`, { headers: auth })).text();
      waits.push(performance.now() - begun);
    }
  })();
  const result = await work().finally(() => (working = false));
  await reader;
  waits.sort((a, b) => a - b);
  const at = (share: number) => `${waits[Math.floor((waits.length - 1) * share)]!.toFixed(1)}`;
  return [result, `${waits.length} reads meanwhile, p50 ${at(0.5)} / p99 ${at(0.99)} ms`];
}

const dir = mkdtempSync(join(tmpdir(), 'marquee-sync-bench-'));
let server: ChildProcess | undefined;
try {
  server = await startSeededServer({
    dir,
    size: { ...FULL_SIZE, events },
    port: PORT,
    token: TOKEN,
  });

  const [[wire, wireMs], reads] = await readsDuring(() => timed(pullEverything));
  console.log(
    `Pull over HTTP from 0: ${wire.records} records in ${wire.pages} pages of ${LIMIT}, ${(wire.bytes / 1e6).toFixed(0)} MB, ${seconds(wireMs)}; ${reads}`,
  );

  const replica = createReplica({
    db: new MarqueeDB('bench', { indexedDB: new IDBFactory(), IDBKeyRange }),
    transport: httpTransport(
      () => origin,
      tokenCredentials(() => Promise.resolve(TOKEN)),
    ),
    calendar: { timezone: 'UTC', defaultLanguage: 'en' },
    pullLimit: LIMIT,
  });
  const [, firstMs] = await timed(() => replica.engine.syncNow());
  const held = await replica.db.events.count();
  console.log(
    `First sync into an empty replica (fake-indexeddb): ${held} events, ${seconds(firstMs)}`,
  );

  const target = (await replica.db.events.limit(1).first())?.id ?? 1;
  const rounds: number[] = [];
  for (let round = 0; round < STEADY_ROUNDS; round += 1) {
    await fetch(`${origin}/wp-json/tribe/events/v1/events/${target}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Renamed ${round}` }),
    });
    rounds.push((await timed(() => replica.engine.syncNow()))[1]);
  }
  const arrived = (await replica.db.events.where('id').equals(target).first())?.title.en;
  if (arrived !== `Renamed ${STEADY_ROUNDS - 1}`) throw new Error('the last change did not arrive');
  rounds.sort((a, b) => a - b);
  console.log(
    `Steady state, one change then one sync (push + pull), ${STEADY_ROUNDS} rounds: median ${rounds[Math.floor(rounds.length / 2)]?.toFixed(1)} ms, worst ${rounds.at(-1)?.toFixed(1)} ms`,
  );
  replica.db.close();

  const browser = await browserFigures(origin, TOKEN, held, target, STEADY_ROUNDS);
  if (!browser) console.log('Chromium not found: no figures from a real browser.');
  else {
    const changes = [...browser.changeMs].sort((a, b) => a - b);
    console.log(
      `Chromium, the editor opened on an empty profile until its replica holds ${held} events: ${seconds(browser.firstSyncMs)}`,
    );
    console.log(
      `Chromium, a change made through the REST API until it is in the open editor's replica (poke, sync), ${STEADY_ROUNDS} rounds: median ${changes[Math.floor(changes.length / 2)]?.toFixed(1)} ms, worst ${changes.at(-1)?.toFixed(1)} ms`,
    );
  }
} finally {
  server?.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
