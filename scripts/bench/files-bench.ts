/**
 * `npm run bench:files` (part of `npm run bench`): calendar files on the 100k-event calendar,
 * per format: export (streamed to a file) and import into an empty calendar (read, check,
 * write in one transaction), with the peak memory of the process doing it, and the reading
 * and checking of the file alone (what the import spends before it writes). Each format runs
 * in a process of its own, so one format's garbage does not count as the next one's memory.
 * In-process, without HTTP: the figures are the work itself; an upload adds the time to send
 * the file. Figures, not assertions. Then the targets, as ratios to the store's floor
 * measured in the same run: a restore ≤ 1.5×, CSV and ICS imports ≤ 2× (floor + reading).
 */
import { spawnSync } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openOwnerCalendar } from '#server/cli/owner-calendar.ts';
import { DATABASE_FILE } from '#server/store/open-store.ts';
import { readBackup } from '#server/transfer/backup/backup-reader.ts';
import { copyFloor } from './floor.ts';
import { FULL_SIZE, seedCalendar } from './seed.ts';

const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);
const formats = (process.env.BENCH_FORMATS ?? 'json,csv,ics').split(',');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const calendarAt = (dir: string) =>
  openOwnerCalendar(dir, { lock: false, overrides: { timezone: 'Europe/Berlin' } });

let peak = 0;
/** How long the last `timed` work took, in ms. */
let took = 0;

/**
 * Times `work`, with the peak memory, the longest stall of this thread's event loop meanwhile
 * (what a server doing the same work would keep every other request waiting; on a loaded
 * machine it also counts the time the thread waited for a core) and the CPU this thread spent
 * (the share of the work done on the thread that answers requests, whatever the load).
 */
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The monitor measures from its first tick: a stall before it would not count.
  await sleep(25);
  const begun = performance.now();
  const cpu = process.threadCpuUsage();
  try {
    const result = await work();
    took = performance.now() - begun;
    const { user, system } = process.threadCpuUsage(cpu);
    peak = Math.max(peak, process.memoryUsage().rss);
    // A stall is recorded when the monitor's next timer runs, late: let it run.
    await sleep(20);
    delay.disable();
    const stall = `longest event-loop stall ${Math.round(delay.max / 1e6)} ms`;
    const thread = `this thread's CPU ${seconds((user + system) / 1000)}`;
    console.log(`${label}: ${seconds(took)}, peak memory ${megabytes(peak)}, ${stall}, ${thread}`);
    return result;
  } finally {
    clearInterval(sampler);
    delay.disable();
  }
}

/** What a format's run hands the parent process for the ratios: its import and its reading. */
type Figures = { importing: number; reading: number };
const figuresFile = (work: string, format: string) => join(work, `figures-${format}.json`);

/** One format: export the seeded calendar in `work`, then import the file into an empty one. */
async function benchFormat(work: string, format: string): Promise<void> {
  const source = calendarAt(join(work, 'source'));
  const file = join(work, `calendar.${format}`);
  const chunks =
    format === 'json'
      ? source.transfer.backup().chunks
      : source.files.export(
          {
            format: format as 'csv' | 'ics',
            kind: 'events',
            language: 'en',
            spreadsheetSafe: false,
            query: { status: 'publish,draft' },
          },
          source.context,
        ).chunks;
  await timed(`${format.toUpperCase()} export of ${events} events`, () =>
    pipeline(Readable.from(chunks), createWriteStream(file)),
  );
  console.log(`  file: ${megabytes(statSync(file).size)}`);
  source.store.close();
  const target = calendarAt(join(work, `target-${format}`));
  await timed(`${format.toUpperCase()} import into an empty calendar`, async () => {
    // The file's bytes, as an upload brings them.
    const bytes = readFileSync(file);
    if (format === 'json') return target.transfer.restore(bytes.toString('utf8'));
    const summary = await target.files.import(format as 'csv' | 'ics', bytes, target.context, {
      dryRun: false,
    });
    if (summary.problems.length > 0) throw new Error(JSON.stringify(summary.problems.slice(0, 3)));
    return summary;
  });
  const importing = took;
  // Searches scan until this is done (store/search-backlog.ts); a server does it between requests.
  await timed('  then indexing its texts for search', () => target.store.searchBackfill.finish());
  // The reading the import starts with, alone (after it, so its garbage is not in the import's
  // memory figure): the rest of the import is the write.
  await timed('  reading and checking the file alone', () => {
    const text = readFileSync(file, 'utf8');
    if (format === 'json') {
      readBackup(text);
      return undefined;
    }
    return target.files.read(format as 'csv' | 'ics', Buffer.from(text), target.context);
  });
  target.store.close();
  const figures: Figures = { importing, reading: took };
  writeFileSync(figuresFile(work, format), JSON.stringify(figures));
}

/**
 * The file targets, as ratios to the store's floor measured in this run (the same rows
 * copied inside SQLite, scripts/bench/floor.ts): a JSON restore ≤ 1.5× the floor, a CSV or
 * ICS import ≤ 2× the floor and the reading of its file.
 */
function printRatios(work: string, floor: number): void {
  console.log(`\nStore floor for these ${events} events (copied inside SQLite): ${seconds(floor)}`);
  console.log('format  import   floor + reading   ratio  target');
  for (const format of formats) {
    const { importing, reading } = JSON.parse(
      readFileSync(figuresFile(work, format), 'utf8'),
    ) as Figures;
    // A restore's floor is the rows alone; CSV and ICS add reading their file.
    const base = format === 'json' ? floor : floor + reading;
    console.log(
      [
        format.toUpperCase().padEnd(6),
        seconds(importing).padStart(7),
        seconds(base).padStart(17),
        `${(importing / base).toFixed(2)}×`.padStart(7),
        (format === 'json' ? '≤ 1.5×' : '≤ 2×').padStart(7),
      ].join(' '),
    );
  }
}

const child = process.env.BENCH_FILES_DIR;
if (child) {
  await benchFormat(child, process.env.BENCH_FILES_FORMAT ?? '');
} else {
  const work = mkdtempSync(join(tmpdir(), 'marquee-files-bench-'));
  try {
    const source = calendarAt(join(work, 'source'));
    seedCalendar(source.store, { ...FULL_SIZE, events });
    source.store.close();
    const floor = copyFloor(join(work, 'source', DATABASE_FILE), join(work, 'floor')).total;
    for (const format of formats) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_FILES_DIR: work, BENCH_FILES_FORMAT: format },
      });
      if (run.status !== 0) throw new Error(`the ${format} run failed (${run.status})`);
    }
    printRatios(work, floor);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
