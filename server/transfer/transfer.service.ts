/**
 * Calendar files in and out: backups (JSON) for now; the file formats share the all-or-nothing
 * rule — read and check the whole file, then write it in one transaction.
 */
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import type { Clock } from '../clock.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import type { Settings } from '#shared/schemas/settings.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { backupChunks } from './backup/backup-writer.ts';
import { readBackup } from './backup/backup-reader.ts';
import type { Language } from '#shared/languages.ts';
import { restoreBackup, type RestoreSummary } from './backup/restore.ts';

type TransferDeps = {
  db: Database;
  changes: ChangeLog;
  settings: SettingsStore;
  clock: Clock;
  version: string;
};

/** Backups: the whole calendar written out, and restored into an empty one. */
export type Transfer = {
  /** The whole calendar as a backup file, written as it is read. */
  backup(): { name: string; chunks: Generator<string> };
  /** Restores a backup into this (empty) calendar, with its settings: all of it or nothing. */
  restore(
    text: string,
    options?: { dryRun?: boolean; language?: Language | undefined },
  ): RestoreSummary;
};

export function createTransfer(deps: TransferDeps): Transfer {
  return {
    /** The whole calendar as a backup file, written as it is read. */
    backup(): { name: string; chunks: Generator<string> } {
      const created = toUtcString(deps.clock.now());
      const { name, timezone, defaultLanguage, publicUrls, currency, clashHolds } =
        deps.settings.get();
      return {
        name: `marquee-backup-${created.slice(0, 10)}.json`,
        chunks: backupChunks(deps.db, {
          created,
          marquee: deps.version,
          settings: { name, timezone, defaultLanguage, publicUrls, currency, clashHolds },
        }),
      };
    },

    /**
     * Restores a backup into this (empty) calendar, with its calendar settings: all of it or
     * nothing. The settings are saved first, so a settings.json that cannot be written refuses
     * the restore before any record lands; when the records then fail (the calendar is not
     * empty, the disk is full) the settings saved before are put back. A dry run touches
     * neither. (No snapshot first: there is nothing in an empty calendar to keep.)
     */
    restore(
      text: string,
      options: { dryRun?: boolean; language?: Language | undefined } = {},
    ): RestoreSummary {
      const backup = readBackup(text);
      if (options.dryRun) return restoreBackup(deps.db, deps.changes, backup, options);
      const saved = deps.settings.saved();
      // Put back as they were, their time of change with them.
      const earlier = Object.fromEntries(
        [...Object.keys(backup.settings), 'calendarChanged'].map((key) => [
          key,
          saved[key as keyof Settings],
        ]),
      ) as Partial<Settings>;
      deps.settings.update(backup.settings);
      try {
        return restoreBackup(deps.db, deps.changes, backup, { language: options.language });
      } catch (error) {
        try {
          deps.settings.update(earlier);
        } catch {
          // The restore's own failure is the answer; the settings it saved stay valid ones.
        }
        throw error;
      }
    },
  };
}
