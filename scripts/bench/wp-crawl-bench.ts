/**
 * `npm run bench:wp`: a site build's crawl of WordPress's own `wp/v2/tribe_events` at 100k
 * events, one request at a time as gatsby-source-wordpress or a static site's fetch loop reads:
 * pages of 100 (anonymous, then with a token twice, as a build run again) and of 10 to the last
 * asked, a crawl in title order, and a page asked after each of 15 writes (each write makes the
 * next page select the list again). Prints each crawl's p50, slowest page and total.
 * BENCH_CALENDAR: a calendar seeded before (copied, not changed).
 * Figures, not assertions: run it on a quiet machine.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARQUEE, start, startSeededServer, untilSnapshotted } from './processes.ts';
import { FULL_SIZE } from './seed.ts';

const TOKEN = 'bench-token-0123456789';
const PORT = 8916;
const API = `http://127.0.0.1:${PORT}/wp-json`;
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** One GET's time in ms; anything but a 200 ends the bench. */
async function timed(path: string, headers: Record<string, string> = {}): Promise<number> {
  const began = performance.now();
  const reply = await fetch(`${API}${path}`, { headers });
  await reply.arrayBuffer();
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
  return performance.now() - began;
}

function figures(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const total = sorted.reduce((sum, time) => sum + time, 0);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `p50 ${p50.toFixed(1)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms, all ${total.toFixed(0)} ms`;
}

async function crawl(path: string, pages: number, headers?: Record<string, string>) {
  const times: number[] = [];
  for (let page = 1; page <= pages; page++)
    times.push(await timed(`${path}&page=${page}`, headers));
  return figures(times);
}

/** A page of 100 after each of 15 writes through TEC's route. */
async function afterWrites(): Promise<string> {
  const times: number[] = [];
  for (let write = 0; write < 15; write++) {
    const made = await fetch(`${API}/tribe/events/v1/events`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Crawled meanwhile ${write}`,
        start_date: '2027-03-01 19:00:00',
        end_date: '2027-03-01 21:00:00',
      }),
    });
    if (made.status !== 201) throw new Error(`POST: ${made.status}`);
    await made.arrayBuffer();
    times.push(await timed(`/wp/v2/tribe_events?per_page=100&page=${7 + write}`, AUTH));
  }
  return figures(times);
}

const dir = mkdtempSync(join(tmpdir(), 'marquee-bench-wp-'));
let server: ChildProcess | undefined;
try {
  const kept = process.env.BENCH_CALENDAR;
  if (kept) {
    cpSync(kept, dir, { recursive: true });
    server = await start(
      [MARQUEE, 'serve', '--port', String(PORT), '--data', dir],
      /is serving/,
      TOKEN,
    );
    await untilSnapshotted(`http://127.0.0.1:${PORT}`, TOKEN);
  } else server = await startSeededServer({ dir, size: FULL_SIZE, port: PORT, token: TOKEN });
  // The first read brings the database file into the page cache.
  await timed('/wp/v2/tribe_events?per_page=1');
  const lines = [
    ['pages of 100, 1–40, anonymous', await crawl('/wp/v2/tribe_events?per_page=100', 40)],
    ['pages of 100, 1–40, token', await crawl('/wp/v2/tribe_events?per_page=100', 40, AUTH)],
    // A build run again: its token's answers are not cached, its posts' JSON is.
    ['the same again, token', await crawl('/wp/v2/tribe_events?per_page=100', 40, AUTH)],
    ['pages of 10, 1–200, token', await crawl('/wp/v2/tribe_events?per_page=10', 200, AUTH)],
    [
      'pages of 100 by title, 1–20, token',
      await crawl('/wp/v2/tribe_events?per_page=100&orderby=title', 20, AUTH),
    ],
    ['a page of 100 after each of 15 writes, token', await afterWrites()],
  ];
  for (const [what, line] of lines) console.log(`${what!.padEnd(46)} ${line}`);
} finally {
  if (server) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
