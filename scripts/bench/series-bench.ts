/**
 * `npm run bench:series`: on the seeded 100k-event calendar, over HTTP with a token, times
 * creating a series and editing "all" of it from one occurrence (retitle and move by an hour):
 * a weekly series of ten years (COUNT=520; the two-year horizon stores about a hundred of them)
 * and a daily one of 520 (all stored), then the list's speed before and after 20 more series.
 * Figures, not assertions: run it on a quiet machine.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startSeededServer } from './processes.ts';
import { FULL_SIZE } from './seed.ts';

const PORT = 8922;
const TOKEN = 'bench-series-token-0123456789';
const ROUNDS = 7;
const api = `http://127.0.0.1:${PORT}/wp-json/tribe/events/v1`;
const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);

async function call(path: string, body?: unknown): Promise<{ ms: number; json: unknown }> {
  const began = performance.now();
  const reply = await fetch(`${api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await reply.json();
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - began, json };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function listP50(): Promise<{ rps: number; p50: number }> {
  const url = `${api}/events?per_page=10`;
  const headers = { authorization: `Bearer ${TOKEN}` };
  const result = await autocannon({ url, headers, connections: 1, duration: 5 });
  return { rps: result.requests.average, p50: result.latency.p50 };
}

const dir = mkdtempSync(join(tmpdir(), 'marquee-series-bench-'));
let server: ChildProcess | undefined;
try {
  server = await startSeededServer({
    dir,
    size: { ...FULL_SIZE, events },
    port: PORT,
    token: TOKEN,
    extra: ['--timezone', 'Europe/Berlin'],
  });
  const before = await listP50();
  const figures = [];
  for (const [label, freq, step] of [
    ['weekly, ten years (COUNT=520)', 'WEEKLY', 7],
    ['daily, 520 days (COUNT=520)', 'DAILY', 1],
  ] as const) {
    const creates: number[] = [];
    const edits: number[] = [];
    let stored = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const first = new Date(Date.UTC(2027, 0, 1 + round));
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const created = await call('/events', {
        title: `Jazz night ${round}`,
        start_date: `${day(first)} 19:00:00`,
        end_date: `${day(first)} 22:00:00`,
        recurrence: { rrule: `FREQ=${freq};COUNT=520` },
      });
      creates.push(created.ms);
      const seriesId = (created.json as { id: number }).id;
      const listed = await call(`/events?post_parent=${seriesId}&start_date=2027-01-01`);
      stored = (listed.json as { total: number }).total;
      // The fourth occurrence, moved an hour later and a day on: every one follows.
      const fourth = new Date(first.getTime() + (3 * step + 1) * 86_400_000);
      const listedFourth = (listed.json as { events: { id: number }[] }).events[3]!;
      const edit = await call(`/events/${listedFourth.id}`, {
        title: `Jazz night ${round}: all`,
        start_date: `${day(fourth)} 20:00:00`,
        end_date: `${day(fourth)} 23:00:00`,
        scope: 'all',
      });
      edits.push(edit.ms);
    }
    figures.push({ label, stored, creates, edits });
  }
  for (let more = 0; more < 6; more += 1)
    await call('/events', {
      title: `Choir ${more}`,
      start_date: '2027-02-02 18:00:00',
      end_date: '2027-02-02 20:00:00',
      recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=1TU,3TU' },
    });
  const after = await listP50();

  console.log(`\nSeries on a ${events}-event calendar (${ROUNDS} rounds, medians; first is cold)`);
  for (const { label, stored, creates, edits } of figures) {
    console.log(`  ${label}: ${stored} occurrences stored`);
    console.log(
      `    create:          median ${median(creates).toFixed(0)} ms  (first ${creates[0]?.toFixed(0)} ms)`,
    );
    console.log(
      `    edit "all":      median ${median(edits).toFixed(0)} ms  (first ${edits[0]?.toFixed(0)} ms)`,
    );
  }
  console.log('  GET /events?per_page=10 with a token, one connection:');
  console.log(`    before the series: ${before.rps.toFixed(0)} req/s, p50 ${before.p50} ms`);
  console.log(`    after 20 series:   ${after.rps.toFixed(0)} req/s, p50 ${after.p50} ms`);
} finally {
  server?.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
