/**
 * `marquee backup [-o FILE]` and `marquee restore FILE [--dry-run]`. A backup reads a snapshot,
 * so it runs beside a server. A restore writes, so it needs the calendar to itself: with a
 * server running it stops with the lock's message (restore through the server's
 * `POST /wp-json/marquee/v1/import` instead).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.ts';
import { finishSearchIndex, openOwnerCalendar } from './owner-calendar.ts';
import { reportFailure } from './problem-report.ts';
import { UsageError } from './usage.ts';
import { writeChunks } from './write-file.ts';

export async function backupCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { output: { type: 'string', short: 'o' }, data: { type: 'string' } },
    strict: true,
  });
  const { store, transfer } = openOwnerCalendar(values.data ?? defaultDataDir(), { lock: false });
  try {
    const file = transfer.backup();
    const target = values.output ?? file.name;
    await writeChunks(file.chunks, target);
    if (target !== '-') console.log(`Backup written to ${target}`);
  } finally {
    store.close();
  }
}

export function restoreCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'dry-run': { type: 'boolean' }, data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [file] = positionals;
  if (!file) throw new UsageError('restore needs the backup file');
  const text = readFileSync(file, 'utf8');
  const { store, transfer } = openOwnerCalendar(values.data ?? defaultDataDir(), { lock: true });
  try {
    const { counts } = transfer.restore(text, { dryRun: values['dry-run'] ?? false });
    const summary = Object.entries(counts)
      .map(([section, count]) => `${count} ${section}`)
      .join(', ');
    console.log(`${values['dry-run'] ? 'Would restore' : 'Restored'} ${summary}.`);
    finishSearchIndex(store);
  } catch (error) {
    reportFailure(error);
  } finally {
    store.close();
  }
}
