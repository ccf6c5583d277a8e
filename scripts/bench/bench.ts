/**
 * `npm run bench`: seeds a 100k-event calendar, starts Marquee and bare node:http servers as
 * separate processes, loads each with autocannon (10 connections), and prints requests/s, p50
 * and p99 per scenario with the share of the bare servers' requests/s: of the tiny body's, and
 * of the one whose body is nearest in size (issue 18's ratio). Then Marquee's memory, and the
 * SQL statements one list request prepares at several page sizes (they must not grow). Then
 * writes: POST /events with 8 clients, and issue 18's mix of reads and writes on 64
 * connections (BENCH_MIXED_SECONDS, 30 by default).
 * Figures, not assertions: run it on a quiet machine.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openStore } from '#server/store/open-store.ts';
import {
  here,
  loopDelay,
  MARQUEE,
  PROBED,
  start,
  untilSnapshotted,
  type LoopDelay,
} from './processes.ts';
import { FULL_SIZE, seedCalendar, WORDS, type SeedSize } from './seed.ts';
import { statementsPerRequest } from './statements.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const size: SeedSize = process.env.BENCH_EVENTS
  ? { ...FULL_SIZE, events: Number(process.env.BENCH_EVENTS) }
  : FULL_SIZE;

type Figures = { rps: number; p50: number; p99: number; cpuMicros: number; bytes: number };

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

/**
 * How a scenario is sent: with the owner's token (never answered from the response cache), with
 * a page that changes on every request (each a cache miss), as a crawl or an editor does, or
 * with a search for a word not asked before, one request at a time, as someone typing.
 */
type Sending = { token?: boolean; changingPage?: boolean; newWords?: boolean };

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

const TOKEN = 'bench-token';
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

/** Issue 18's mix: 64 connections, about a fifth of the requests writes. */
const MIXED_CONNECTIONS = 64;
const MIXED_WRITERS = 13;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);

/** A new event each request, each with its own title (a flood of one title is another test). */
function creating(api: string, connections: number, duration: number): autocannon.Options {
  return {
    url: `${api}/events`,
    method: 'POST',
    connections,
    duration,
    idReplacement: true,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Bench write [<id>]',
      start_date: '2027-03-01 19:00:00',
      end_date: '2027-03-01 21:00:00',
      status: 'publish',
    }),
  };
}

function figuresOf(result: autocannon.Result, what: string): Figures {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${what}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicros: Number.NaN,
    bytes: result.throughput.total / result.requests.total,
  };
}

/** POST /events with 8 clients (issue 18: 1,000 writes/s, p50 3 ms). */
async function writeLoad(api: string): Promise<Figures> {
  return figuresOf(await autocannon(creating(api, 8, DURATION)), 'POST /events');
}

/** Reads (anonymous lists, each after a write a cache miss) and writes at once. */
async function mixedLoad(api: string): Promise<{ reads: Figures; writes: Figures }> {
  const [reads, writes] = await Promise.all([
    autocannon({
      url: `${api}/events?per_page=10`,
      connections: MIXED_CONNECTIONS - MIXED_WRITERS,
      duration: MIXED_SECONDS,
    }),
    autocannon(creating(api, MIXED_WRITERS, MIXED_SECONDS)),
  ]);
  return { reads: figuresOf(reads, 'mixed reads'), writes: figuresOf(writes, 'mixed writes') };
}

/** The server's event-loop delay, as printed after the write loads. */
const stood = (delay: LoopDelay) =>
  `the server's thread stood still up to ${delay.max.toFixed(0)} ms (p99 ${delay.p99.toFixed(1)} ms)`;

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
    [
      ...PROBED,
      MARQUEE,
      'serve',
      '--port',
      '8912',
      '--data',
      dir,
      '--timezone',
      'Europe/Berlin',
      '--admin-token',
      TOKEN,
    ],
    /is serving/,
  );
  await untilSnapshotted('http://127.0.0.1:8912', TOKEN);
  const api = 'http://127.0.0.1:8912/wp-json/tribe/events/v1';
  const first = await fetch(`${api}/events?per_page=10`);
  pagesInWindow = Number(first.headers.get('x-tec-totalpages') ?? 1);
  const listSize = (await first.arrayBuffer()).byteLength;
  const eventSize = (await (await fetch(`${api}/events/12345`)).arrayBuffer()).byteLength;
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
      'GET /events?per_page=10, with a token (uncached)',
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
    [
      'GET /events?categories=…&start_date=…&end_date=…',
      `${api}/events?categories=7&start_date=2026-12-01&end_date=2027-02-28`,
      marquee,
    ],
    ['GET /events/<id>', `${api}/events/12345`, marquee],
    ['GET /events/<id>, with a token (uncached)', `${api}/events/12345`, marquee, { token: true }],
    [
      'GET /events?search=jazz, with a token (uncached)',
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
  ];
  const rows: (Figures & { name: string })[] = [];
  for (const [name, url, server, sending] of scenarios)
    rows.push({ name, ...(await load(url, server, sending)) });
  const rss = rssMegabytes(marquee.pid);
  await loopDelay(marquee);
  const writes = await writeLoad(api);
  const writesDelay = await loopDelay(marquee);
  const mixed = await mixedLoad(api);
  const mixedDelay = await loopDelay(marquee);
  for (const child of [bare, bareSized, bareEvent]) child.kill();
  marquee.kill('SIGINT');

  const ceiling = rows[0]?.rps ?? 1;
  const bares = rows.slice(0, 3);
  /** The bare server whose body is nearest in size: the ratio issue 18 sets its targets in. */
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
  console.log(
    `\nPOST /events, 8 clients, ${DURATION} s: ${writes.rps.toFixed(0)} writes/s, p50 ${writes.p50.toFixed(1)} ms, p99 ${writes.p99.toFixed(1)} ms; ${stood(writesDelay)}`,
  );
  console.log(
    `Mixed, ${MIXED_CONNECTIONS} connections (${MIXED_CONNECTIONS - MIXED_WRITERS} reading GET /events?per_page=10, ${MIXED_WRITERS} writing), ${MIXED_SECONDS} s: ${(mixed.reads.rps + mixed.writes.rps).toFixed(0)} requests/s (${((mixed.writes.rps / (mixed.reads.rps + mixed.writes.rps)) * 100).toFixed(0)} % writes); reads p50 ${mixed.reads.p50.toFixed(1)} ms, p99 ${mixed.reads.p99.toFixed(1)} ms; writes p50 ${mixed.writes.p50.toFixed(1)} ms, p99 ${mixed.writes.p99.toFixed(1)} ms; ${stood(mixedDelay)}`,
  );
  console.log('\nSQL statements per request (must not grow with per_page):');
  for (const [label, counts] of Object.entries(await statementsPerRequest(dir)))
    console.log(`  ${label.padEnd(30)} ${counts}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
