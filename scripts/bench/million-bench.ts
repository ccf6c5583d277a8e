/**
 * `npm run bench:1m` (part of `npm run bench`): a calendar of 1M events, built through the
 * restore path (a backup restored into an empty calendar, not a million HTTP requests), then
 * served by `marquee serve` and asked over HTTP with a token, so no answer comes from the
 * response cache. The backup is the seeded 10k-event calendar's, its events copied a hundred
 * times with their own ids, uuids and slugs (restoreBackup takes the parsed backup: a 1M-event
 * file is larger than the longest string V8 can parse).
 *
 * Each scenario is timed on requests it has not asked before (nothing prepared for them:
 * first pages, new ids, new category and month, new words), and the default list again once
 * prepared. Then the server's memory. Targets: list p50 ≤ 5 ms, single ≤ 2 ms,
 * category + month ≤ 10 ms, search ≤ 50 ms; RSS ≤ 400 MB. Figures, not assertions.
 * BENCH_KEEP=1 keeps the calendar afterwards; BENCH_CALENDAR=<dir> serves a kept one instead of
 * building it (a newer migration is applied, and its search index filled, before serving).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backup } from '#shared/schemas/backup.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { openOwnerCalendar } from '#server/cli/owner-calendar.ts';
import { createChangeLog } from '#server/store/change-log.repo.ts';
import { openStore } from '#server/store/open-store.ts';
import { readBackup } from '#server/transfer/backup/backup-reader.ts';
import { restoreBackup } from '#server/transfer/backup/restore.ts';
import { MARQUEE, start, untilSnapshotted } from './processes.ts';
import { FULL_SIZE, seedCalendar } from './seed.ts';

const COPIES = Number(process.env.BENCH_COPIES ?? 100);
const BASE_EVENTS = 10_000;
const PORT = 8799;
const TOKEN = 'bench-token-0123456789';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The seeded calendar's backup, read back as a restore reads it. */
function baseBackup(dir: string): Backup {
  const base = openOwnerCalendar(dir, { lock: false, overrides: { timezone: 'Europe/Berlin' } });
  seedCalendar(base.store, { ...FULL_SIZE, events: BASE_EVENTS });
  const text = [...base.transfer.backup().chunks].join('');
  base.store.close();
  return readBackup(text);
}

/** Slugs made unique per copy (the seed leaves events' empty: no slug, nothing to keep apart). */
const suffixed = (slug: Multilingual, copy: number): Multilingual =>
  Object.fromEntries(
    Object.entries(slug).map(([language, text]) => [language, text ? `${text}-${copy}` : text]),
  );

/** The backup with its events copied `COPIES` times, each copy with new ids, uuids and slugs. */
function multiplied(backup: Backup): Backup {
  const lastId = Math.max(
    ...[...backup.venues, ...backup.organizers, ...backup.events].map((record) => record.id),
  );
  const events: Backup['events'] = [];
  for (let copy = 0; copy < COPIES; copy += 1) {
    for (const event of backup.events) {
      events.push(
        copy === 0
          ? event
          : {
              ...event,
              id: lastId + events.length,
              uuid: randomUUID(),
              slug: suffixed(event.slug, copy),
            },
      );
    }
  }
  return { ...backup, events };
}

function build(dir: string): { categories: number[] } {
  let begun = performance.now();
  const backup = multiplied(baseBackup(join(dir, 'base')));
  console.log(
    `Backup of ${backup.events.length} events made in ${seconds(performance.now() - begun)}`,
  );
  const target = openOwnerCalendar(join(dir, 'calendar'), { lock: false });
  begun = performance.now();
  restoreBackup(target.store.db, createChangeLog(target.store.db), backup);
  console.log(`Restored in ${seconds(performance.now() - begun)}`);
  begun = performance.now();
  target.store.searchBackfill.finish();
  console.log(`Indexed for search in ${seconds(performance.now() - begun)}`);
  target.store.close();
  return { categories: backup.categories.map((category) => category.id) };
}

/**
 * A kept calendar made ready to serve, and its category ids. Opening it applies any newer
 * migration; the search index one refills (0012) is filled here, so searches are not timed
 * while they read the texts.
 */
function readyKept(dir: string): { categories: number[] } {
  const store = openStore(dir, { lock: false });
  const begun = performance.now();
  store.searchBackfill.finish();
  const took = performance.now() - begun;
  if (took > 1000) console.log(`Indexed for search in ${seconds(took)}`);
  const rows = store.db.prepare("SELECT id FROM terms WHERE taxonomy = 'category'").all() as {
    id: number;
  }[];
  store.close();
  return { categories: rows.map((row) => row.id) };
}

const api = `http://127.0.0.1:${PORT}/wp-json/tribe/events/v1`;

/** Milliseconds of one request with the token (its body read whole). */
async function timed(path: string): Promise<number> {
  const begun = performance.now();
  const reply = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  await reply.arrayBuffer();
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
  return performance.now() - begun;
}

async function scenario(label: string, paths: string[]): Promise<void> {
  const times: number[] = [];
  for (const path of paths) times.push(await timed(path));
  const first = times[0] ?? 0;
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))];
  console.log(
    `${label.padEnd(58)} ${String(paths.length).padStart(5)} ${first.toFixed(1).padStart(8)} ${at(0.5)!.toFixed(1).padStart(7)} ${at(0.99)!.toFixed(1).padStart(7)}`,
  );
}

/** The index-th of `count` places, spread over all of them (7919 is prime). */
const spread = (index: number, count: number) => (index * 7919) % count;
const pick = <T>(items: readonly T[], index: number) => items[spread(index, items.length)]!;

function rssMegabytes(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const work = mkdtempSync(join(tmpdir(), 'marquee-million-'));
let server: ChildProcess | undefined;
const kept = process.env.BENCH_CALENDAR;
const calendar = kept ?? join(work, 'calendar');
try {
  const { categories } = kept ? readyKept(kept) : build(work);
  const serve = [MARQUEE, 'serve', '--port', String(PORT)];
  server = await start([...serve, '--data', calendar], /is serving/, TOKEN);
  const waited = await untilSnapshotted(`http://127.0.0.1:${PORT}`, TOKEN);
  console.log(
    `\nWaited ${waited.toFixed(1)} s for the daily snapshot the server makes aside at start (none is made when one is a day old or less).`,
  );
  const total = Number(
    (
      await fetch(`${api}/events?per_page=1`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).headers.get('x-tec-total'),
  );
  console.log(`\nServing ${total} events in the default window. Requests with a token:\n`);
  console.log(
    `${'scenario'.padEnd(58)} ${'asked'.padStart(5)} ${'first ms'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
  );
  const months = Array.from({ length: 24 }, (_, index) => {
    const from = new Date(Date.UTC(2025, index, 1));
    const to = new Date(Date.UTC(2025, index + 1, 0));
    const day = (date: Date) => date.toISOString().slice(0, 10);
    return `start_date=${day(from)}&end_date=${day(to)}`;
  });
  const pages = Math.ceil(total / 10);
  await scenario(
    'list: a new page each (pages across the window)',
    Array.from(
      { length: 300 },
      (_, index) => `/events?per_page=10&page=${spread(index, pages) + 1}`,
    ),
  );
  await scenario(
    'list: the default page, prepared',
    Array.from({ length: 300 }, () => '/events'),
  );
  // Events from six places spread over the window, none of them read yet.
  const ids: number[] = [];
  const pagesOf50 = Math.ceil(total / 50);
  for (const sixth of [1, 2, 3, 4, 5, 6]) {
    const page = Math.max(1, Math.floor((sixth * pagesOf50) / 7));
    const reply = await fetch(`${api}/events?per_page=50&page=${page}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const list = (await reply.json()) as { events: { id: number }[] };
    ids.push(...list.events.map((event) => event.id));
  }
  await scenario(
    'single: a new event each',
    ids.map((id) => `/events/${id}`),
  );
  await scenario(
    'filtered: a new category and month each',
    Array.from(
      { length: 200 },
      (_, index) =>
        `/events?categories=${pick(categories, index)}&${months[index % months.length]}`,
    ),
  );
  await scenario(
    'search: a new word each',
    [
      'jazz',
      'opera',
      'brunch',
      'film',
      'dance',
      'choir',
      'poetry',
      'talk',
      'quartet',
      'festival',
    ].map((word) => `/events?search=${word}`),
  );
  console.log(`\nServer memory (RSS) after: ${rssMegabytes(server).toFixed(0)} MB`);
} finally {
  server?.kill();
  // BENCH_KEEP=1 leaves the calendar to look into (its query plans, a profile).
  if (process.env.BENCH_KEEP === '1') console.log(`\nKept: ${calendar}`);
  else rmSync(work, { recursive: true, force: true });
}
