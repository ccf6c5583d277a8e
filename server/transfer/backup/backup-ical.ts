/**
 * What ICS imports kept beside events (event_ical), in and out of a backup: named by the event's
 * uuid, as everything in a backup is, and read in pages by post id so a calendar of 100k
 * imported events never sits in memory whole.
 */
import type { BackupIcal } from '#shared/schemas/backup.ts';
import type { Database } from '../../store/database.ts';
import { createIcalRepo, type KeptIcal } from '../../store/ical.repo.ts';

const PAGE = 500;

export function* backupIcalPages(db: Database): Generator<BackupIcal[]> {
  const ical = createIcalRepo(db);
  for (let after = 0; ;) {
    const rows = ical.pageAfter(after, PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      eventUuid: row.eventUuid,
      uid: row.uid,
      seriesUid: row.seriesUid,
      sequence: row.sequence,
      // Clamped as exports clamp it (ics-export.ts).
      revisionsSinceImport: Math.max(0, row.eventRev - row.importedRev),
      recurrence: row.recurrence,
      extra: row.extra,
    }));
    after = rows.at(-1)?.postId ?? after;
  }
}

/**
 * The row to store for `entry` in a restore written at revision `rev`. `imported_rev` is a
 * change-log revision and the restore starts the log anew (every record gets `rev`), so the
 * file's number would mean nothing: it becomes `rev` minus the revisions the event was past its
 * import. Exports read only that distance (SEQUENCE = the file's + revisions since; an old-shape
 * occurrence unchanged since the import is left to its series' rule), so they stay the same. It
 * may be zero or below in a young calendar; nothing reads it as a revision of its own.
 */
export function keptIcalOf(entry: BackupIcal, rev: number): KeptIcal {
  const { uid, seriesUid, sequence, recurrence, extra } = entry;
  return {
    uid,
    seriesUid,
    sequence,
    importedRev: rev - entry.revisionsSinceImport,
    recurrence,
    extra,
  };
}
