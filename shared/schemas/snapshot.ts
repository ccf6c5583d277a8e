/**
 * Snapshots of the calendar (`marquee/v1/snapshots`, admins): SQLite copies of the database the
 * server keeps in `<data dir>/backups/`, daily and before a restore or a large import.
 */
import { z } from 'zod';
import { dateTimeSchema } from './common.ts';

/** Why a snapshot was made: the daily one, "Snapshot now", or before a restore or large import. */
const SNAPSHOT_REASONS = ['daily', 'manual', 'before-restore', 'before-import'] as const;
export const snapshotReasonSchema = z.enum(SNAPSHOT_REASONS);
export type SnapshotReason = z.infer<typeof snapshotReasonSchema>;

/**
 * `marquee-2026-11-20T100000Z-daily.db` (UTC); a second one in the same second with the same
 * reason gets `-2`, `-3`… Nothing else is a snapshot's name (no path can be smuggled in).
 */
export const SNAPSHOT_NAME =
  /^marquee-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z-(daily|manual|before-restore|before-import)(?:-([2-9]|[1-9]\d{1,3}))?\.db$/;

export const snapshotSchema = z.object({
  name: z.string().regex(SNAPSHOT_NAME),
  /** When it was made (UTC). */
  created: dateTimeSchema,
  reason: snapshotReasonSchema,
  /** Bytes. */
  size: z.int().nonnegative(),
  /** Events in it, the trash aside; null when the file cannot be read. */
  events: z.int().nonnegative().nullable(),
});

export type Snapshot = z.infer<typeof snapshotSchema>;

/** The answer to a restore: the snapshot restored and the one made of the state it replaced. */
export const snapshotRestoreAnswerSchema = z.object({
  restored: snapshotSchema,
  before: snapshotSchema,
});

export type SnapshotRestoreAnswer = z.infer<typeof snapshotRestoreAnswerSchema>;
