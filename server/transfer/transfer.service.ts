/**
 * Calendar files in and out: backups (JSON) for now; the file formats share the all-or-nothing
 * rule — read and check the whole file, then write it in one transaction.
 */
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import type { Clock } from '../clock.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { backupChunks } from './backup/backup-writer.ts';
import { readBackup } from './backup/backup-reader.ts';
import { restoreBackup, type RestoreCounts } from './backup/restore.ts';

export type TransferDeps = {
  db: Database;
  changes: ChangeLog;
  settings: SettingsStore;
  clock: Clock;
  version: string;
  /** Before a restore writes: a snapshot of the calendar it is restored into. */
  beforeRestore?: (() => void) | undefined;
};

export type Transfer = ReturnType<typeof createTransfer>;

export function createTransfer(deps: TransferDeps) {
  return {
    /** The whole calendar as a backup file, written as it is read. */
    backup(): { name: string; chunks: Generator<string> } {
      const created = toUtcString(deps.clock.now());
      const { timezone, defaultLanguage, publicUrls, currency } = deps.settings.get();
      return {
        name: `marquee-backup-${created.slice(0, 10)}.json`,
        chunks: backupChunks(deps.db, {
          created,
          marquee: deps.version,
          settings: { timezone, defaultLanguage, publicUrls, currency },
        }),
      };
    },

    /** Restores a backup into this (empty) calendar, with its calendar settings. */
    restore(text: string, options: { dryRun?: boolean } = {}): RestoreCounts {
      const backup = readBackup(text);
      if (!options.dryRun) deps.beforeRestore?.();
      const counts = restoreBackup(deps.db, deps.changes, backup, options);
      if (!options.dryRun) deps.settings.update(backup.settings);
      return counts;
    },
  };
}
