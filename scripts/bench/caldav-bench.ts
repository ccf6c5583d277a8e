/**
 * `npm run bench:caldav`: a phone's CalDAV sync on the seeded calendar (10k events unless
 * BENCH_EVENTS says otherwise), over HTTP with the owner's token in Basic: the first sync (an
 * empty sync token: every object with its ETag), the calendar's PROPFIND Depth 1, a delta after
 * one edit, and GET of one object. Figures, not assertions: run it on a quiet machine.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededServer } from './processes.ts';
import { FULL_SIZE } from './seed.ts';

const PORT = 8923;
const TOKEN = 'bench-caldav-token-0123456789';
const ROUNDS = 5;
const origin = `http://127.0.0.1:${PORT}`;
const events = Number(process.env.BENCH_EVENTS ?? 10_000);
const authorization = `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`;
const CALENDAR = '/dav/calendars/events/';

async function timed(
  path: string,
  init: { method: string; body?: string; headers?: Record<string, string> },
): Promise<{ ms: number; text: string }> {
  const began = performance.now();
  const reply = await fetch(`${origin}${path}`, {
    method: init.method,
    headers: { authorization, ...init.headers },
    body: init.body,
  });
  const text = await reply.text();
  if (reply.status >= 300) throw new Error(`${init.method} ${path}: ${reply.status} ${text}`);
  return { ms: performance.now() - began, text };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

const syncBody = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

const dir = mkdtempSync(join(tmpdir(), 'marquee-caldav-bench-'));
let server: ChildProcess | undefined;
try {
  server = await startSeededServer({
    dir,
    size: { ...FULL_SIZE, events },
    port: PORT,
    token: TOKEN,
  });
  const full: number[] = [];
  const listing: number[] = [];
  const deltas: number[] = [];
  const gets: number[] = [];
  let objects = 0;
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = await timed(CALENDAR, { method: 'REPORT', body: syncBody('') });
    full.push(first.ms);
    objects = [...first.text.matchAll(/<d:response>/g)].length;
    bytes = Buffer.byteLength(first.text);
    const token = /<d:sync-token>(.*?)<\/d:sync-token>/.exec(first.text)![1]!;
    listing.push(
      (await timed(CALENDAR, { method: 'PROPFIND', headers: { depth: '1' }, body: '' })).ms,
    );
    const reply = await fetch(`${origin}/wp-json/tribe/events/v1/events?per_page=1`, {
      headers: { authorization },
    });
    const [event] = ((await reply.json()) as { events: { id: number }[] }).events;
    await fetch(`${origin}/wp-json/tribe/events/v1/events/${event!.id}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Edited ${round}` }),
    });
    const delta = await timed(CALENDAR, { method: 'REPORT', body: syncBody(token) });
    deltas.push(delta.ms);
    const href = /<d:href>(.*?)<\/d:href>/.exec(delta.text)![1]!;
    gets.push((await timed(href, { method: 'GET' })).ms);
  }
  console.log(`\nCalDAV on a ${events}-event calendar (${ROUNDS} rounds, medians; first is cold)`);
  console.log(`  ${objects} objects, ${(bytes / 1e6).toFixed(1)} MB of ETags in the first sync`);
  const line = (label: string, values: number[]) =>
    console.log(
      `  ${label} median ${median(values).toFixed(0)} ms (first ${values[0]?.toFixed(0)} ms)`,
    );
  line('first sync (empty token):   ', full);
  line('PROPFIND Depth 1 (getetag): ', listing);
  line('delta after one edit:       ', deltas);
  line('GET one object:             ', gets);
} finally {
  server?.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
