/**
 * `npm run bench`: seeds a 100k-event calendar, starts Marquee and bare node:http servers as
 * separate processes, loads each with autocannon (10 connections), and prints requests/s, p50
 * and p99 per scenario with the share of the bare servers' requests/s: of the tiny body's, and
 * of the one whose body is nearest in size (the ratio the targets are set in). Then Marquee's memory, and the
 * SQL statements one list request prepares at several page sizes (they must not grow). Then
 * the writes of write-loads.ts: POST /events with 8 clients, and the benchmark's mix.
 * Figures, not assertions: run it on a quiet machine.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openStore } from '#server/store/open-store.ts';
import { here, MARQUEE, PROBED, start, untilSnapshotted } from './processes.ts';
import { FULL_SIZE, seedCalendar, WORDS, type SeedSize } from './seed.ts';
import { statementsPerRequest } from './statements.ts';
import { figuresOf, writeLoads, type Figures } from './write-loads.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const size: SeedSize = process.env.BENCH_EVENTS
  ? { ...FULL_SIZE, events: Number(process.env.BENCH_EVENTS) }
  : FULL_SIZE;

/** CPU time (user + system) a process has used, in µs, from /proc (Linux; NaN elsewhere). */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process, in MB, from /proc (Linux; NaN elsewhere). */
function rssMegabytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Settles when a process used under 5 % of a core for a second (its work aside is done). */
async function untilQuiet(pid: number | undefined): Promise<void> {
  const started = performance.now();
  for (;;) {
    const before = cpuMicros(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = cpuMicros(pid) - before;
    if (!(used > 50_000)) break;
  }
  console.log(
    `Marquee made its events' JSON ahead in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * How a scenario is sent: with the owner's token (answers kept per caller), with
 * a page that changes on every request (each a cache miss), as a crawl or an editor does, or
 * with a search for a word not asked before, one request at a time, as someone typing.
 */
type Sending = {
  token?: boolean;
  changingPage?: boolean;
  /** A new page each request from `from` on, `span` of them in turn (the list's own pages). */
  pagesFrom?: { from: number; span: number };
  newWords?: boolean;
};

/** Parts of three letters or more of the seed's words: each is in thousands of events. */
const SEARCH_PARTS = [...new Set(WORDS.flatMap((word) => partsOf(word.toLowerCase())))];

/** Every run of three letters or more in `word`. */
function partsOf(word: string): string[] {
  const parts: string[] = [];
  for (let from = 0; from + 3 <= word.length; from += 1)
    for (let to = from + 3; to <= word.length; to += 1) parts.push(word.slice(from, to));
  return parts;
}
/** Words the warm-up asks; the measured run asks the rest, each once. */
const WARM_UP_WORDS = 10;
let wordsAsked = 0;

const TOKEN = 'bench-token-0123456789';
let pagesAsked = 0;
/** The default list's pages, read from the server before the scenarios run. */
let pagesInWindow = 1;

function options(url: string, sending: Sending): autocannon.Options {
  const headers = sending.token ? { authorization: `Bearer ${TOKEN}` } : {};
  const { pathname, search } = new URL(url);
  // A page not asked before while there are (the default window holds about 2,000 at 100k
  // events, more than a run asks), so no answer comes from the response cache.
  const changing: autocannon.Request = {
    setupRequest: (request) => ({
      ...request,
      path: `${pathname}${search}&page=${(pagesAsked++ % pagesInWindow) + 1}`,
    }),
  };
  if (sending.pagesFrom) {
    const { from, span } = sending.pagesFrom;
    const paging: autocannon.Request = {
      setupRequest: (request) => ({
        ...request,
        path: `${pathname}${search}&page=${from + (pagesAsked % span)}&_=${pagesAsked++}`,
      }),
    };
    return { url, headers, connections: 10, requests: [paging] };
  }
  if (sending.newWords) {
    const searching: autocannon.Request = {
      setupRequest: (request) => ({
        ...request,
        path: `${pathname}?search=${SEARCH_PARTS[wordsAsked++ % SEARCH_PARTS.length]}`,
      }),
    };
    return { url, headers, connections: 1, requests: [searching] };
  }
  return {
    url,
    headers,
    connections: 10,
    ...(sending.changingPage ? { requests: [changing] } : {}),
  };
}

async function load(url: string, server: ChildProcess, sending: Sending = {}): Promise<Figures> {
  const words = sending.newWords;
  await autocannon({
    ...options(url, sending),
    ...(words ? { amount: WARM_UP_WORDS } : { duration: 1 }),
  });
  const cpuBefore = cpuMicros(server.pid);
  const result = await autocannon({
    ...options(url, sending),
    ...(words ? { amount: SEARCH_PARTS.length - WARM_UP_WORDS } : { duration: DURATION }),
  });
  const cpu = cpuMicros(server.pid) - cpuBefore;
  return { ...figuresOf(result, url), cpuMicros: cpu / result.requests.total };
}

const dir = mkdtempSync(join(tmpdir(), 'marquee-bench-'));
try {
  const store = openStore(dir, { lock: false });
  const seeding = performance.now();
  seedCalendar(store, size);
  store.close();
  console.log(
    `Seeded ${size.events} events, ${size.venues} venues, ${size.organizers} organizers, ${size.categories} categories, ${size.tags} tags in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const marquee = await start(
    [...PROBED, MARQUEE, 'serve', '--port', '8912', '--data', dir, '--timezone', 'Europe/Berlin'],
    /is serving/,
    TOKEN,
  );
  await untilSnapshotted('http://127.0.0.1:8912', TOKEN);
  const api = 'http://127.0.0.1:8912/wp-json/tribe/events/v1';
  const wpApi = 'http://127.0.0.1:8912/wp-json/wp/v2';
  const first = await fetch(`${api}/events?per_page=10`);
  pagesInWindow = Number(first.headers.get('x-tec-totalpages') ?? 1);
  const listSize = (await first.arrayBuffer()).byteLength;
  const eventSize = (await (await fetch(`${api}/events/12345`)).arrayBuffer()).byteLength;
  // The list asked, the server makes every event's JSON ahead (resident-fragments.ts): the
  // scenarios measure it kept, as a server that ran a while serves, not the first minute's work.
  await untilQuiet(marquee.pid);
  const bare = await start([here('./bare-server.ts'), '8911'], /ready/);
  const bareSized = await start([here('./bare-server.ts'), '8913', String(listSize)], /ready/);
  const bareEvent = await start([here('./bare-server.ts'), '8914', String(eventSize)], /ready/);
  const scenarios: [string, string, ChildProcess, Sending?][] = [
    ['bare node:http, 17 B body (the ceiling)', 'http://127.0.0.1:8911/', bare],
    [
      `bare node:http, ${(listSize / 1024).toFixed(0)} kB body (a list's size)`,
      'http://127.0.0.1:8913/',
      bareSized,
    ],
    [
      `bare node:http, ${(eventSize / 1024).toFixed(1)} kB body (an event's size)`,
      'http://127.0.0.1:8914/',
      bareEvent,
    ],
    ['GET /events?per_page=10', `${api}/events?per_page=10`, marquee],
    [
      'GET /events?per_page=10, with a token (kept per caller)',
      `${api}/events?per_page=10`,
      marquee,
      { token: true },
    ],
    [
      'GET /events?per_page=10&page=…, changing (uncached)',
      `${api}/events?per_page=10`,
      marquee,
      { changingPage: true },
    ],
    // Pages of 100 of the whole five years (95k events, 950 pages), with a token: no answer
    // or event JSON kept from an earlier request (50 pages hold more events than that keeps;
    // a `_` parameter, which WordPress ignores, new each request, keeps the response cache out).
    [
      'per_page=100, whole span, a new page 1–50 each, token',
      `${api}/events?per_page=100&start_date=2024-01-01&end_date=2030-01-01`,
      marquee,
      { token: true, pagesFrom: { from: 1, span: 50 } },
    ],
    [
      'per_page=100, whole span, a new page 900–949 each, token',
      `${api}/events?per_page=100&start_date=2024-01-01&end_date=2030-01-01`,
      marquee,
      { token: true, pagesFrom: { from: 900, span: 50 } },
    ],
    [
      'GET /events?categories=…&start_date=…&end_date=…',
      `${api}/events?categories=7&start_date=2026-12-01&end_date=2027-02-28`,
      marquee,
    ],
    ['GET /events/<id>', `${api}/events/12345`, marquee],
    [
      'GET /events/<id>, with a token (kept per caller)',
      `${api}/events/12345`,
      marquee,
      { token: true },
    ],
    [
      'GET /events?search=jazz, with a token (kept per caller)',
      `${api}/events?search=jazz`,
      marquee,
      {
        token: true,
      },
    ],
    [
      'GET /events?search=<a word not asked before>, a token',
      `${api}/events`,
      marquee,
      { token: true, newWords: true },
    ],
    ['GET /venues?search=…', `${api}/venues?search=venue%2012`, marquee],
    // WordPress's own route, as a site build crawls it: pages of 100 of every event not ended.
    [
      'wp/v2/tribe_events?per_page=100, a new page 1–50 each, token',
      `${wpApi}/tribe_events?per_page=100`,
      marquee,
      { token: true, pagesFrom: { from: 1, span: 50 } },
    ],
    [
      'wp/v2/tribe_events?per_page=100, a new page 400–449, token',
      `${wpApi}/tribe_events?per_page=100`,
      marquee,
      { token: true, pagesFrom: { from: 400, span: 50 } },
    ],
  ];
  const rows: (Figures & { name: string })[] = [];
  for (const [name, url, server, sending] of scenarios)
    rows.push({ name, ...(await load(url, server, sending)) });
  const rss = rssMegabytes(marquee.pid);
  const writes = await writeLoads({ api, token: TOKEN, server: marquee, seconds: DURATION });
  for (const child of [bare, bareSized, bareEvent]) child.kill();
  marquee.kill('SIGINT');

  const ceiling = rows[0]?.rps ?? 1;
  const bares = rows.slice(0, 3);
  /** The bare server whose body is nearest in size: the ratio the targets are set in. */
  const sameSize = (bytes: number) =>
    bares.reduce((best, row) =>
      Math.abs(row.bytes - bytes) < Math.abs(best.bytes - bytes) ? row : best,
    ).rps;
  const head = `${'scenario'.padEnd(54)} ${'req/s'.padStart(7)} ${'of bare'.padStart(7)} ${'of same size'.padStart(12)} ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(6)} ${'kB'.padStart(5)} ${'CPU µs/req'.padStart(10)}`;
  console.log(`\n${head}`);
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(54),
        row.rps.toFixed(0).padStart(7),
        `${((row.rps / ceiling) * 100).toFixed(0)} %`.padStart(7),
        `${((row.rps / sameSize(row.bytes)) * 100).toFixed(0)} %`.padStart(12),
        row.p50.toFixed(1).padStart(6),
        row.p99.toFixed(1).padStart(6),
        (row.bytes / 1024).toFixed(1).padStart(5),
        row.cpuMicros.toFixed(0).padStart(10),
      ].join(' '),
    );
  }
  console.log(`\nMarquee's memory after the read scenarios (RSS): ${rss.toFixed(0)} MB`);
  console.log(`\n${writes.join('\n')}`);
  console.log('\nSQL statements per request (must not grow with per_page):');
  for (const [label, counts] of Object.entries(await statementsPerRequest(dir)))
    console.log(`  ${label.padEnd(30)} ${counts}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
