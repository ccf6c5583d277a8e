/**
 * A snapshot's file name says when it was made (UTC, to the second) and why, so the folder
 * lists in order and the name alone is enough to list, keep or prune it.
 */
import { SNAPSHOT_NAME, type SnapshotReason } from '#shared/schemas/snapshot.ts';

export type SnapshotName = {
  name: string;
  created: Date;
  reason: SnapshotReason;
  /** 1, or 2, 3… for later ones made in the same second for the same reason. */
  copy: number;
};

const two = (value: number) => String(value).padStart(2, '0');

/** `marquee-2026-11-20T100000Z-daily.db`; `copy` 2, 3… for a second one in the same second. */
export function snapshotFileName(created: Date, reason: SnapshotReason, copy = 1): string {
  const date = `${created.getUTCFullYear()}-${two(created.getUTCMonth() + 1)}-${two(created.getUTCDate())}`;
  const time = `${two(created.getUTCHours())}${two(created.getUTCMinutes())}${two(created.getUTCSeconds())}`;
  return `marquee-${date}T${time}Z-${reason}${copy > 1 ? `-${copy}` : ''}.db`;
}

/** The name's parts, or undefined for anything that is not a snapshot's name. */
export function parseSnapshotName(name: string): SnapshotName | undefined {
  const match = SNAPSHOT_NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, reason, copy] = match;
  const created = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  // A date that does not exist (02-30, 25:00) does not come back as the same name.
  if (Number.isNaN(created.getTime())) return undefined;
  const nth = Number(copy ?? 1);
  if (snapshotFileName(created, reason as SnapshotReason, nth) !== name) return undefined;
  return { name, created, reason: reason as SnapshotReason, copy: nth };
}
