/**
 * Which snapshots to keep: of the daily ones, the newest of each of the last 7 days that have
 * one and of each of the last 4 ISO weeks (UTC); of every other one ("Snapshot now", before a
 * restore or a large import) the newest 5 of the last 7 days, so that many imports or clicks in
 * a week never fill the disk. Everything else is pruned before and after each snapshot.
 */
import { DateTime } from 'luxon';
import type { SnapshotReason } from '#shared/schemas/snapshot.ts';
import type { SnapshotName } from './snapshot-names.ts';

const RETENTION = { days: 7, weeks: 4, recentDays: 7, recentMost: 5 } as const;

/** The snapshots that make the daily and weekly rotation. */
export const ROTATION_REASONS: ReadonlySet<SnapshotReason> = new Set(['daily']);

const DAY_MS = 86_400_000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const isoWeek = (date: Date) => {
  const utc = DateTime.fromJSDate(date, { zone: 'utc' });
  return `${utc.weekYear}-W${utc.weekNumber}`;
};

/** Newest first; the later copy first within one second. */
export const newestFirst = (a: SnapshotName, b: SnapshotName) =>
  b.created.getTime() - a.created.getTime() || b.copy - a.copy;

/** The names to delete; those in `keep` (the one just made, the one being restored) never are. */
export function snapshotsToPrune(
  snapshots: readonly SnapshotName[],
  now: Date,
  keep: readonly string[] = [],
): string[] {
  const rotation = snapshots.filter((snapshot) => ROTATION_REASONS.has(snapshot.reason));
  rotation.sort(newestFirst);
  const kept = new Set<string>(keep);
  const newestOfEach = (periodOf: (date: Date) => string, periods: number) => {
    const seen = new Set<string>();
    for (const snapshot of rotation) {
      const period = periodOf(snapshot.created);
      if (seen.has(period)) continue;
      if (seen.size === periods) break;
      seen.add(period);
      kept.add(snapshot.name);
    }
  };
  newestOfEach(utcDay, RETENTION.days);
  newestOfEach(isoWeek, RETENTION.weeks);
  // The others: those told to keep count towards the limit, the newest recent ones fill it.
  const recentSince = now.getTime() - RETENTION.recentDays * DAY_MS;
  const others = snapshots.filter((snapshot) => !ROTATION_REASONS.has(snapshot.reason));
  let recent = others.filter((snapshot) => keep.includes(snapshot.name)).length;
  for (const snapshot of [...others].sort(newestFirst)) {
    if (recent >= RETENTION.recentMost) break;
    if (kept.has(snapshot.name) || snapshot.created.getTime() <= recentSince) continue;
    kept.add(snapshot.name);
    recent += 1;
  }
  return snapshots.filter((snapshot) => !kept.has(snapshot.name)).map(({ name }) => name);
}
