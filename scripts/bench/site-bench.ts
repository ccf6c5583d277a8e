/**
 * `npm run bench:site`: the website sync against the real WordPress + The Events
 * Calendar site of ../shared/tec-site (two fresh sites on free ports, started here).
 * 1. The site's own time per request: a single event read, a create; and 1,000 creates with a
 *    few requests at once (the site's PHP has 4 workers), which also fills the first site.
 * 2. A first sync of that site (1,000 events) into an empty calendar.
 * 3. A first sync of a 1,000-event calendar to the second, empty site; meanwhile the calendar's
 *    REST API is read without pause: its p99 beside its idle p99 ("reads never stall").
 * 4. One change each way, to visible on the other side, as the server syncs by itself (changes
 *    pushed 2 s after a commit; the site polled every BENCH_POLL seconds, default 5), and a
 *    "Sync now" with that one change.
 * `marquee serve` runs as its own process. Figures, not assertions. BENCH_ONLY=pull stops after 2.
 *
 * The site runs on this machine only for the bench: in use it is another machine. So, where
 * there are two cores or more, the site's PHP and MariaDB are kept to the last core and Marquee
 * with this script's reader to the others (taskset), and Marquee's p99 measures Marquee, not
 * the site's PHP taking its core (BENCH_SHARED_CORES=1 shares them, as before 2026-11-27).
 * Beside each p99 the server's own event-loop delay (loop-delay-probe.ts): how long a read
 * that arrived then had to wait, whatever the machine's load.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port.ts';
import { siteAvailable, SITE_SH, startTecSite, type StartedSite } from '../tec-site.ts';
import { MARQUEE, PROBED, start } from './processes.ts';
import { idleFor, ms, readDuring, readFigures, timed } from './site-bench-reads.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const POLL = Number(process.env.BENCH_POLL ?? 5);
const AT_ONCE = 4;
const TOKEN = 'bench-site-token-0123456789';

type Site = StartedSite & { password: string; auth: string };

/** The site's core and Marquee's (see above), or none when the cores are shared. */
function splitCores(): { site: string; marquee: string; of: number } | undefined {
  const cores = availableParallelism();
  if (cores < 2 || process.env.BENCH_SHARED_CORES === '1') return undefined;
  try {
    const split = {
      site: String(cores - 1),
      marquee: cores === 2 ? '0' : `0-${cores - 2}`,
      of: cores,
    };
    // Every thread of this process; the servers it starts inherit it.
    execFileSync('taskset', ['-a', '-pc', split.marquee, String(process.pid)], { stdio: 'ignore' });
    return split;
  } catch {
    return undefined; // No taskset here: the cores are shared.
  }
}

const CORES = splitCores();

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** A fresh site, and its admin's HTTP Basic credentials. */
async function startSite(): Promise<Site> {
  const site = await startTecSite(CORES && { cpus: CORES.site });
  const password = site.passwords.admin;
  return {
    ...site,
    password,
    auth: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
  };
}

async function siteCall(
  site: Site,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const reply = await fetch(`${site.url}/wp-json/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: site.auth, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as Record<string, unknown>;
}

/** `count` jobs, `atOnce` at a time. */
async function pool(count: number, atOnce: number, job: (index: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await job(index);
      }
    }),
  );
}

/** The event of index i: a different day, an evening, a cost, a description with quotes. */
function eventBody(prefix: string, index: number) {
  const day = new Date(Date.UTC(2027, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `${prefix} ${index}`,
    description: `Night “${index}” -- with the band\n\nDoors at 19:00.`,
    start_date: `${day} 20:00:00`,
    end_date: `${day} 22:30:00`,
    cost: String(5 + (index % 20)),
  };
}

async function serve(): Promise<{ server: ChildProcess; origin: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-bench-calendar-'));
  const port = await freePort();
  process.env.MARQUEE_SITE_POLL_SECONDS = String(POLL);
  const server = await start(
    [...PROBED, MARQUEE, 'serve', '--port', String(port), '--data', dir],
    /is serving/,
    TOKEN,
  );
  return { server, origin: `http://127.0.0.1:${port}`, dir };
}

async function marquee(origin: string, path: string, method = 'GET', body?: unknown) {
  const reply = await fetch(`${origin}/wp-json/${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await reply.json()) as Record<string, unknown>;
  if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function until(check: () => Promise<boolean>, everyMs = 100): Promise<void> {
  for (;;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The calendar's first sync with the site (connect and sync), its API read meanwhile. */
const firstSyncWhileReading = (calendar: { server: ChildProcess; origin: string }, site: Site) =>
  readDuring(calendar, TOKEN, () =>
    marquee(calendar.origin, 'marquee/v1/site', 'PUT', {
      address: site.url,
      login: 'admin',
      password: site.password,
      confirm: true,
    }),
  );

/** Waits until the server has synced nothing for three seconds in a row; how long that took. */
async function untilQuiet(origin: string): Promise<number> {
  let quiet = 0;
  const begun = performance.now();
  while (quiet < 3) {
    const state = await marquee(origin, 'marquee/v1/site');
    quiet = state.syncing || state.pending ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return performance.now() - begun;
}

if (!siteAvailable()) {
  console.log(`bench:site needs ${SITE_SH}; it is not there.`);
  process.exit(0);
}

const sites: Site[] = [];
const servers: ChildProcess[] = [];
const calendars: string[] = [];
try {
  const full = await startSite();
  sites.push(full);
  console.log(`Site: ${full.url} (WordPress 7.0.4, TEC 6.17.2, PHP's built-in server, 4 workers)`);
  console.log(
    CORES
      ? `Cores: the site on ${CORES.site}, Marquee and the reader on ${CORES.marquee} (of ${CORES.of})`
      : `Cores: shared by the site and Marquee (${availableParallelism()})`,
  );

  // 1. The site's own time per request.
  const created: number[] = [];
  const [, fillMs] = await timed(() =>
    pool(EVENTS, AT_ONCE, async (index) => {
      const [, took] = await timed(() =>
        siteCall(full, 'tribe/events/v1/events', eventBody('Site night', index)),
      );
      created.push(took);
    }),
  );
  const reads: number[] = [];
  for (let index = 0; index < 30; index += 1)
    reads.push((await timed(() => siteCall(full, 'tribe/events/v1/events?per_page=1')))[1]);
  console.log(
    `The site: a read ${ms(median(reads))} (median of 30), a create ${ms(median(created))} (median, ${AT_ONCE} at once); ${EVENTS} creates in ${seconds(fillMs)} (${(EVENTS / (fillMs / 1000)).toFixed(1)}/s)`,
  );

  // 2. The site's events into an empty calendar.
  const first = await serve();
  servers.push(first.server);
  calendars.push(first.dir);
  const pulling = await firstSyncWhileReading(first, full);
  console.log(
    `First sync, site (${EVENTS} events) → empty calendar: ${seconds(pulling.took)} (${JSON.stringify(pulling.result.summary)})`,
  );
  // Idle after, on the same records the reads ended on (before, the calendar was empty), with
  // no sync at all: the passes right after a first sync read its records again (see 4), so the
  // site is disconnected once they are done (before 2026-11-27 it was measured during them).
  const settled = await untilQuiet(first.origin);
  await marquee(first.origin, 'marquee/v1/site', 'DELETE');
  const afterPull = await idleFor(first, TOKEN);
  console.log(
    `The calendar's REST API meanwhile (GET /events?per_page=10, one after another): ${readFigures(pulling)}; idle after (its own passes ended ${seconds(settled)} later, then disconnected): ${readFigures(afterPull)}`,
  );

  // BENCH_ONLY=pull: the site's creates and the first pull alone (reads during a pull).
  if (process.env.BENCH_ONLY !== 'pull') {
    // 3. A calendar's events to an empty site, with the calendar's reads measured meanwhile.
    const empty = await startSite();
    sites.push(empty);
    const second = await serve();
    servers.push(second.server);
    calendars.push(second.dir);
    await pool(EVENTS, 8, (index) =>
      marquee(second.origin, 'tribe/events/v1/events', 'POST', eventBody('Calendar night', index)),
    );
    const idle = await idleFor(second, TOKEN);
    const pushing = await firstSyncWhileReading(second, empty);
    console.log(
      `First sync, calendar (${EVENTS} events) → empty site: ${seconds(pushing.took)} (${JSON.stringify(pushing.result.summary)})`,
    );
    console.log(
      `The calendar's REST API meanwhile (GET /events?per_page=10, one after another): ${readFigures(pushing)}; idle before: ${readFigures(idle)}`,
    );

    // 4. One change each way, as the server syncs by itself, once it is idle: the passes right
    // after a first sync read again every record it wrote (their versions are unsure: whole
    // seconds), and a change made then waits for them.
    console.log(
      `The server's own passes after the first sync ended after ${seconds(await untilQuiet(second.origin))}`,
    );
    const mine = (
      (await marquee(second.origin, 'tribe/events/v1/events?per_page=1&start_date=2027-01-01'))
        .events as { id: number; title: string }[]
    )[0]!;
    const siteEvents = (
      await siteCall(empty, 'tribe/events/v1/events?per_page=1&start_date=2027-01-01')
    ).events as { id: number; title: string }[];
    const theirs = siteEvents[0]!;
    const renamed = `${mine.title} (renamed here)`;
    const [, outMs] = await timed(async () => {
      await marquee(second.origin, `tribe/events/v1/events/${mine.id}`, 'POST', { title: renamed });
      await until(async () => {
        const now = await siteCall(empty, `tribe/events/v1/events/${theirs.id}`);
        return now.title === renamed;
      });
    });
    console.log(
      `One change, calendar → site, automatic: visible on the site after ${seconds(outMs)}`,
    );
    const changed = `${theirs.title} (renamed there)`;
    const [, inMs] = await timed(async () => {
      await siteCall(empty, `wp/v2/tribe_events/${theirs.id}`, { title: changed });
      await until(async () => {
        const now = await marquee(second.origin, `tribe/events/v1/events/${mine.id}`);
        return now.title === changed;
      });
    });
    console.log(
      `One change, site → calendar, automatic (polled every ${POLL} s): visible here after ${seconds(inMs)}`,
    );
    await siteCall(empty, `wp/v2/tribe_events/${theirs.id}`, { title: `${changed} again` });
    const [now, nowMs] = await timed(() =>
      marquee(second.origin, 'marquee/v1/site/sync', 'POST', {}),
    );
    console.log(
      `"Sync now" with that one change (a full pass over ${EVENTS} events): ${seconds(nowMs)} (${JSON.stringify(now.summary)})`,
    );
  }
} finally {
  for (const server of servers) server.kill();
  for (const site of sites) await site.stop();
  for (const dir of calendars) rmSync(dir, { recursive: true, force: true });
}
