/**
 * `marquee snapshots list|create|restore <name>`: the snapshots in `<data dir>/backups/`.
 * Listing and making one work beside a running server (a snapshot only reads the calendar). A
 * restore writes, so it needs the calendar to itself: with a server running it stops and says
 * to restore from the editor or through that server's API.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SNAPSHOT_NAME, type Snapshot } from '#shared/schemas/snapshot.ts';
import { systemClock } from '../clock.ts';
import { createSnapshots } from '../snapshots/snapshots.service.ts';
import { createChangeLog } from '../store/change-log.repo.ts';
import { DataDirInUseError } from '../store/data-dir-lock.ts';
import { openStore, type Store } from '../store/open-store.ts';
import { defaultDataDir } from './data-dir.ts';
import { finishSearchIndex } from './owner-calendar.ts';
import { reportFailure } from './problem-report.ts';
import { CommandError, UsageError } from './usage.ts';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function line(snapshot: Snapshot): string {
  const events = snapshot.events === null ? 'unreadable' : `${snapshot.events} events`;
  return [
    snapshot.name,
    `${snapshot.created} UTC`,
    snapshot.reason,
    megabytes(snapshot.size),
    events,
  ].join('\t');
}

/** The calendar to restore into, held for this command alone. */
function openForRestore(dataDir: string, name: string): Store {
  try {
    return openStore(dataDir, { lock: true });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const { holder } = error;
    const api = holder
      ? `POST ${holder.url}/wp-json/marquee/v1/snapshots/${name}/restore (as an admin)`
      : 'the server’s API';
    throw new CommandError(
      `The calendar in ${error.dataDir} is in use${error.heldBy}. Restore the snapshot from the editor (Settings → Snapshots) or with ${api}; or stop the server and run this again.`,
    );
  }
}

export function snapshotsCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, name] = positionals;
  const dataDir = values.data ?? defaultDataDir();
  if (action === 'restore' && !name)
    throw new UsageError('snapshots restore needs the snapshot’s name (see snapshots list)');
  if (action === 'restore' && name && !SNAPSHOT_NAME.test(name))
    throw new UsageError(`"${name}" is not a snapshot’s name (see snapshots list)`);
  if (action !== 'list' && action !== 'create' && action !== 'restore')
    throw new UsageError(`unknown snapshots action "${action ?? ''}"`);

  const store =
    action === 'restore'
      ? openForRestore(dataDir, name ?? '')
      : openStore(dataDir, { lock: false });
  try {
    const snapshots = createSnapshots({
      db: store.db,
      changes: createChangeLog(store.db),
      dataDir: store.dataDir,
      clock: systemClock,
    });
    if (action === 'list') {
      const all = snapshots.list();
      if (all.length === 0) console.log(`No snapshots yet in ${snapshots.folder}.`);
      for (const snapshot of all) console.log(line(snapshot));
      return;
    }
    if (action === 'create') {
      const made = snapshots.create('manual');
      console.log(
        `Snapshot written to ${join(snapshots.folder, made.name)}: ${made.events ?? '?'} events, ${megabytes(made.size)}.`,
      );
      return;
    }
    const { restored, before } = snapshots.restore(name ?? '');
    console.log(
      `Restored ${restored.name} (${restored.events ?? '?'} events). The calendar as it was before is in ${before.name}.`,
    );
    finishSearchIndex(store);
  } catch (error) {
    reportFailure(error);
  } finally {
    store.close();
  }
}
