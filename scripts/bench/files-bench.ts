/**
 * `npm run bench:files` (part of `npm run bench`): calendar files on the 100k-event calendar,
 * per format: export (streamed to a file) and import into an empty calendar (read, check,
 * write in one transaction), with the process's peak memory. In-process, without HTTP: the
 * figures are the work itself; an upload adds the time to send the file. Figures, not
 * assertions. Targets on a 2-core machine: import ICS ≤ 10 s, CSV ≤ 5 s, JSON ≤ 3 s.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openOwnerCalendar } from '#server/cli/owner-calendar.ts';
import { FULL_SIZE, seedCalendar } from './seed.ts';

const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);
const formats = (process.env.BENCH_FORMATS ?? 'json,csv,ics').split(',');
const work = mkdtempSync(join(tmpdir(), 'marquee-files-bench-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

const calendarAt = (dir: string) =>
  openOwnerCalendar(dir, { lock: false, overrides: { timezone: 'Europe/Berlin' } });

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  peak = process.memoryUsage().rss;
  const begun = performance.now();
  const result = await work();
  const took = performance.now() - begun;
  console.log(`${label}: ${seconds(took)}, peak memory ${megabytes(peak)}`);
  return result;
}

try {
  const source = calendarAt(join(work, 'source'));
  seedCalendar(source.store, { ...FULL_SIZE, events });
  for (const format of formats) {
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
    const target = calendarAt(join(work, `target-${format}`));
    await timed(`${format.toUpperCase()} import into an empty calendar`, () => {
      const text = readFileSync(file, 'utf8');
      if (format === 'json') return target.transfer.restore(text);
      const summary = target.files.import(format as 'csv' | 'ics', text, target.context, {
        dryRun: false,
      });
      if (summary.problems.length > 0)
        throw new Error(JSON.stringify(summary.problems.slice(0, 3)));
      return summary;
    });
    target.store.close();
  }
  source.store.close();
} finally {
  clearInterval(sampler);
  rmSync(work, { recursive: true, force: true });
}
