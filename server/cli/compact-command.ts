/**
 * `marquee compact [--days N]`: forgets deletions older than N days (default 90). Sync clients
 * that last pulled before them will fetch everything again (409), which is what keeps this safe.
 */
import { parseArgs } from 'node:util';
import { toUtcString } from '#shared/time/datetime.ts';
import { openStore } from '../store/open-store.ts';
import { createSyncRepo } from '../store/sync.repo.ts';
import { vacuum } from '../store/vacuum.ts';
import { defaultDataDir } from './data-dir.ts';
import { UsageError } from './usage.ts';

export function compactCommand(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: { days: { type: 'string' }, data: { type: 'string' } },
    strict: true,
  });
  const days = Number(values.days ?? 90);
  if (!Number.isInteger(days) || days < 0)
    throw new UsageError('--days must be a whole number of days');
  const store = openStore(values.data ?? defaultDataDir(), { lock: false });
  try {
    const purged = createSyncRepo(store.db).purgeTombstones(
      toUtcString(new Date(Date.now() - days * 86_400_000)),
    );
    vacuum(store.db);
    console.log(`Forgot ${purged} deletion${purged === 1 ? '' : 's'} older than ${days} days.`);
  } finally {
    store.close();
  }
}
