/**
 * A record both sides have: the three-way merge (merge.ts), then what it says, in this order:
 * the site's changes are written into Marquee (record-pull.ts); conflicts are kept for the
 * user; Marquee's changes go to the site, whole (record-push.ts), after the site's version is
 * read again right before the write (a change found there is pulled and merged first: TEC has
 * no concurrency control).
 */
import { parseConflictValues } from '../core/conflict-values.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { viewOfLocal } from './creations.ts';
import type { LocalRecord } from '../local-records.ts';
import { toUuids } from './links.ts';
import { mergeRecord, type ConflictFields } from './merge.ts';
import { log, nameOf, nowUtc, parseView, reached, saved, type Pass } from '../pass.ts';
import { nextBases, type Bases } from './record-bases.ts';
import { pullMerged } from './record-pull.ts';
import { pushWhole } from './record-push.ts';
import { sameVersion, type RemoteRecord, type View } from './remote.ts';
import { mergeUnit, sameValue } from './view.ts';

/** Tries of "read again, merge, write" before the record waits for the next pass. */
const TRIES = 3;

/** The open conflict's fields, their values brought up to date; none left when they now agree. */
function refreshConflict(
  pass: Pass,
  kind: Kind,
  uuid: string,
  local: View,
  remote: View,
): ConflictFields {
  const open = pass.repo.conflictOf(pass.peer.id, kind, uuid);
  if (!open) return {};
  const fields = Object.keys(parseConflictValues(open.fields));
  if (fields.every((field) => sameValue(field, local[field] ?? null, remote[field] ?? null))) {
    if (!pass.dryRun) pass.repo.dropConflict(pass.peer.id, kind, uuid);
    return {};
  }
  const fresh = Object.fromEntries(
    fields.map((field) => [field, { mine: local[field] ?? null, theirs: remote[field] ?? null }]),
  );
  if (!pass.dryRun)
    pass.repo.saveConflict(pass.peer.id, kind, uuid, JSON.stringify(fresh), nowUtc(pass));
  return fresh;
}

/** The site's record as a view in uuids; a trashed one is the last agreed one, in the trash. */
async function remoteViewOf(
  pass: Pass,
  kind: Kind,
  remote: RemoteRecord | undefined,
  base: View | undefined,
  local: View,
): Promise<View | undefined> {
  if (!remote) return base;
  if (remote.view) return toUuids(pass, kind, remote.view);
  return { ...(base ?? local), status: 'trash' };
}

export async function mergeBoth(
  pass: Pass,
  start: PeerRecordRow,
  first: LocalRecord,
  read: RemoteRecord | undefined,
  onGone: (row: PeerRecordRow, record: LocalRecord) => Promise<void>,
): Promise<void> {
  const { kind, uuid } = start;
  const remoteId = start.remoteId!;
  const fields = pass.remote.fields[kind];
  let row = start;
  let record = first;
  let current = read;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const bases: Bases = { local: parseView(row.baseLocal), remote: parseView(row.baseRemote) };
    const before = viewOfLocal(pass, kind, record);
    const remote = await remoteViewOf(pass, kind, current, bases.remote, before);
    if (!remote) {
      current = (await pass.remote.read(kind, [remoteId])).records[0];
      if (!current) return onGone(row, record);
      continue;
    }
    const version = current?.version ?? row.remoteVersion;
    const open = refreshConflict(pass, kind, uuid, before, remote);
    const held = new Set(Object.keys(open).map((field) => mergeUnit(kind, field)));
    const merged = mergeRecord({ kind, fields, local: before, remote, ...baseArgs(bases), held });
    const conflicts = Object.keys(merged.conflicts);
    for (const field of conflicts) held.add(mergeUnit(kind, field));
    if (conflicts.length > 0 && !pass.dryRun) {
      pass.repo.saveConflict(
        pass.peer.id,
        kind,
        uuid,
        JSON.stringify({ ...open, ...merged.conflicts }),
        nowUtc(pass),
      );
      log(pass, 'conflict', {
        kind,
        uuid,
        remoteId,
        name: nameOf(before),
        note: { key: 'fields', values: { fields: conflicts } },
      });
    }
    const pulled = await pullMerged(pass, row, record, merged, version);
    if (pulled === 'refused') return;
    if (pulled !== record) row = pass.repo.record(pass.peer.id, kind, uuid) ?? row;
    record = pulled;
    const after = viewOfLocal(pass, kind, record);
    if (merged.push.length === 0) {
      if (pass.dryRun) return;
      const next = nextBases(fields, held, kind, bases, after, remote);
      row = saved(row, {
        remoteVersion: version,
        localRev: record.rev,
        baseLocal: JSON.stringify(next.local),
        baseRemote: JSON.stringify(next.remote),
      });
      pass.repo.save(pass.peer.id, row);
      return;
    }
    if (pass.dryRun) {
      pass.summary.sent += 1;
      if (Object.keys(merged.pull).length > 0) pass.summary.merged += 1;
      return;
    }
    // Right before writing: has the site's record changed since it was read?
    await reached(pass, 'before-check', kind, uuid);
    const now = await pass.remote.version(kind, remoteId);
    if (now === null) return onGone(row, record);
    if (now.version !== version || !sameVersion(version, now.version)) {
      // Changed, or unsure (a change in the same second keeps the version): read it again; what
      // it says now, if not what was merged, is merged first.
      const fresh = (await pass.remote.read(kind, [remoteId])).records[0];
      if (!fresh) return onGone(row, record);
      const again = await remoteViewOf(pass, kind, fresh, bases.remote, before);
      current = fresh;
      if (!again || !sameView(fields, again, remote)) {
        row = pass.repo.record(pass.peer.id, kind, uuid) ?? row;
        continue;
      }
    }
    const sent = await pushWhole(pass, row, record, after, remote, held, bases);
    if (sent && Object.keys(merged.pull).length > 0) pass.summary.merged += 1;
    return;
  }
  // The site's record kept changing under the pass: the next pass looks at it again, whatever
  // else changes (the peer's cursor moves past Marquee's change: the flag keeps it in view).
  if (!pass.dryRun) {
    const latest = pass.repo.record(pass.peer.id, kind, uuid) ?? row;
    pass.repo.save(pass.peer.id, saved(latest, { localRev: -1 }));
  }
}

const sameView = (fields: readonly string[], a: View, b: View) =>
  fields.every((field) => sameValue(field, a[field] ?? null, b[field] ?? null));

const baseArgs = (bases: Bases) => ({ baseLocal: bases.local, baseRemote: bases.remote });
