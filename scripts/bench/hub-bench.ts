/**
 * `npm run bench:hub`: several laptops, one calendar. Every server is `marquee serve`
 * as its own process over its own data directory, as a venue runs them.
 * 1. A first sync of a hub seeded with BENCH_EVENTS events (default 100,000, with venues,
 *    organizers, terms, texts in three languages) into an empty laptop: connect until done.
 * 2. One change on one laptop until it is on another, as the servers sync by themselves (the
 *    hub's stream pokes the other laptop), 100 times (BENCH_CHANGES): median and worst. On a
 *    hub of 1,000 events, so the first syncs of the two laptops stay short.
 * 3. Three laptops editing at once for BENCH_BUSY seconds (default 60), each a change every
 *    200 ms: the changes made, how long after the last one every laptop and the hub are the
 *    same, and whether they are.
 * Figures, not assertions.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KINDS } from '#shared/kinds/registry.ts';
import { freePort } from '../free-port.ts';
import { loopDelay, MARQUEE, PROBED, start, startSeededServer } from './processes.ts';
import { FULL_SIZE } from './seed.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const BUSY_SECONDS = Number(process.env.BENCH_BUSY ?? 60);
const TOKEN = 'bench-hub-token-0123456789';

type Json = Record<string, unknown>;
type Server = { process: ChildProcess; url: string; dir: string };

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `marquee-bench-hub-${name}-`));
  dirs.push(dir);
  return dir;
};
process.on('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ms = (value: number) => `${Math.round(value)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

async function api(server: Server, path: string, init: { method?: string; json?: unknown } = {}) {
  const reply = await fetch(`${server.url}/wp-json/${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  const body = (await reply.json()) as Json;
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${JSON.stringify(body)}`);
  return body;
}

async function serve(dir: string): Promise<Server> {
  const port = await freePort();
  const child = await start(
    [...PROBED, MARQUEE, 'serve', '--port', String(port), '--data', dir],
    /is serving/,
    TOKEN,
  );
  return { process: child, url: `http://127.0.0.1:${port}`, dir };
}

async function seededHub(events: number): Promise<Server> {
  const dir = tempDir('hub');
  const port = await freePort();
  const scale = events / FULL_SIZE.events;
  const child = await startSeededServer({
    dir,
    port,
    token: TOKEN,
    size: {
      events,
      venues: Math.max(10, Math.round(FULL_SIZE.venues * scale)),
      organizers: Math.max(10, Math.round(FULL_SIZE.organizers * scale)),
      categories: Math.max(5, Math.round(FULL_SIZE.categories * scale)),
      tags: Math.max(5, Math.round(FULL_SIZE.tags * scale)),
    },
  });
  return { process: child, url: `http://127.0.0.1:${port}`, dir };
}

async function connectLaptop(hub: Server, name: string): Promise<[Server, number]> {
  const laptop = await serve(tempDir(name));
  await loopDelay(laptop.process); // Its start is not the connect's: the probe starts again.
  const { token } = (await api(hub, 'marquee/v1/tokens', {
    json: { name: `Laptop ${name}`, role: 'editor' },
  })) as { token: string };
  const begun = performance.now();
  await api(laptop, 'marquee/v1/hub', {
    method: 'PUT',
    json: { address: hub.url, token, confirm: true },
  });
  return [laptop, performance.now() - begun];
}

let mutation = 1;
const edit = (server: Server, uuid: string, fields: Json) =>
  api(server, 'marquee/v1/sync/push', {
    json: {
      clientId: 'bench-hub-editor',
      mutations: [
        {
          kind: 'event',
          op: 'update',
          uuid,
          baseRev: Number.MAX_SAFE_INTEGER,
          fields,
          mutationId: mutation++,
        },
      ],
    },
  });

/** What each server keeps its own: ids, revisions, stamps, users. */
const OWN = new Set(['id', 'rev', 'created', 'modified', 'author', 'statusBeforeTrash']);

/** Every record of a server, by uuid, without what each server keeps its own. */
async function contents(server: Server): Promise<string> {
  const all: Record<string, Record<string, unknown>> = {};
  for (let since = '0'; ;) {
    const page = (await api(server, `marquee/v1/sync/pull?since=${since}&limit=5000`)) as {
      records: Record<string, Json[]>;
      checkpoint: string;
      more: boolean;
    };
    for (const kind of KINDS)
      for (const record of page.records[kind] ?? []) {
        all[record.uuid as string] = Object.fromEntries(
          Object.entries(record).filter(([key]) => !OWN.has(key)),
        );
      }
    since = page.checkpoint;
    if (!page.more) break;
  }
  return JSON.stringify(
    Object.keys(all)
      .sort()
      .map((uuid) => all[uuid]),
  );
}

async function eventTitle(server: Server, uuid: string): Promise<string | undefined> {
  const found = (await api(server, 'marquee/v1/sync/pull?since=0&limit=5000')) as {
    records: { event: { uuid: string; title: Record<string, string> }[] };
  };
  return found.records.event.find((event) => event.uuid === uuid)?.title.en;
}

async function firstSync(): Promise<void> {
  const hub = await seededHub(EVENTS);
  const [laptop, took] = await connectLaptop(hub, 'empty');
  const stood = await loopDelay(laptop.process);
  const status = (await api(laptop, 'marquee/v1/hub')) as { state: string };
  console.log(
    `First sync of a ${EVENTS.toLocaleString('en')}-event hub into an empty laptop: ${(took / 1000).toFixed(1)} s (${Math.round((EVENTS / took) * 1000)} events/s); then ${status.state}`,
  );
  console.log(
    `  the laptop's thread stood still meanwhile (a read waited that long): p99 ${stood.p99.toFixed(1)} ms, longest ${stood.max.toFixed(1)} ms`,
  );
  const same = (await contents(hub)) === (await contents(laptop));
  console.log(`  the laptop holds the hub's records, field for field: ${same ? 'yes' : 'NO'}`);
  hub.process.kill();
  laptop.process.kill();
}

async function oneChange(): Promise<void> {
  const hub = await seededHub(1000);
  const [anna] = await connectLaptop(hub, 'anna');
  const [ben] = await connectLaptop(hub, 'ben');
  const uuid = randomUUID();
  await api(anna, 'marquee/v1/sync/push', {
    json: {
      clientId: 'bench-hub-editor',
      mutations: [
        {
          kind: 'event',
          op: 'create',
          uuid,
          baseRev: 0,
          mutationId: mutation++,
          fields: {
            title: { en: 'Bench' },
            start: '2027-01-01 20:00:00',
            end: '2027-01-01 21:00:00',
            timezone: 'UTC',
          },
        },
      ],
    },
  });
  while ((await eventTitle(ben, uuid)) !== 'Bench') await new Promise((r) => setTimeout(r, 50));
  const times: number[] = [];
  for (let n = 0; n < CHANGES; n += 1) {
    const title = `Change ${n}`;
    const begun = performance.now();
    await edit(n % 2 === 0 ? anna : ben, uuid, { title: { en: title } });
    const other = n % 2 === 0 ? ben : anna;
    while ((await eventTitle(other, uuid)) !== title) await new Promise((r) => setTimeout(r, 10));
    times.push(performance.now() - begun);
  }
  const order = sorted(times);
  console.log(
    `One change on one laptop until it is on another (${CHANGES} times, both ways): median ${ms(order[Math.floor(order.length / 2)]!)}, worst ${ms(order.at(-1)!)}`,
  );
  for (const server of [hub, anna, ben]) server.process.kill();
}

async function busy(): Promise<void> {
  const hub = await seededHub(1000);
  const laptops = [
    (await connectLaptop(hub, 'a'))[0],
    (await connectLaptop(hub, 'b'))[0],
    (await connectLaptop(hub, 'c'))[0],
  ];
  const events = (
    (await api(hub, 'marquee/v1/sync/pull?since=0&limit=5000')) as {
      records: { event: { uuid: string }[] };
    }
  ).records.event.map((event) => event.uuid);
  const until = performance.now() + BUSY_SECONDS * 1000;
  let made = 0;
  const languages = ['en', 'de', 'fr', 'ja'];
  await Promise.all(
    laptops.map(async (laptop, index) => {
      for (let n = 0; performance.now() < until; n += 1) {
        const uuid = events[(n * 7 + index * 13) % events.length]!;
        const language = languages[(n + index) % languages.length]!;
        await edit(laptop, uuid, { title: { [language]: `L${index} ${n}` }, cost: `${n} €` });
        made += 1;
        await new Promise((r) => setTimeout(r, 200));
      }
    }),
  );
  const stopped = performance.now();
  let same = false;
  while (!same && performance.now() - stopped < 60_000) {
    // Conflicts (the same cost from two laptops) are decided for the hub's, on each laptop.
    for (const laptop of laptops) {
      const open = (await api(laptop, 'marquee/v1/hub/conflicts')) as unknown as { id: number }[];
      for (const conflict of open)
        await api(laptop, `marquee/v1/hub/conflicts/${conflict.id}`, { json: { keep: 'hub' } });
    }
    const all = await Promise.all([hub, ...laptops].map(contents));
    same = all.every((each) => each === all[0]);
    if (!same) await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `Three laptops editing at once for ${BUSY_SECONDS} s: ${made} changes; every laptop and the hub the same ${same ? `${((performance.now() - stopped) / 1000).toFixed(1)} s after the last` : 'NOT within 60 s'}`,
  );
  for (const server of [hub, ...laptops]) server.process.kill();
}

console.log(`bench:hub on ${new Date().toISOString().slice(0, 10)}`);
await oneChange();
await busy();
await firstSync();
process.exit(0);
