/**
 * A record both sides have: the three-way merge (merge.ts), then what it says, in this order:
 * the site's changes are written into Marquee; conflicts are kept for the user; Marquee's
 * changes go to the site, whole, after the site's version is read again right before the write
 * (a change found there is pulled and merged first: TEC has no concurrency control). The trash
 * goes as a DELETE, never as an update (a TEC update of a trashed event restores it).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import { refusalOf } from '../domain/errors.ts';
import type { PeerRecordRow } from '../store/peers.repo.ts';
import { checkedPatch, sendable, viewOfLocal } from './creations.ts';
import { yieldTurn } from './pace.ts';
import type { LocalRecord } from './local-records.ts';
import { toRemoteIds, toUuids } from './links.ts';
import { mergeRecord, type ConflictFields, type Merged } from './merge.ts';
import { log, nameOf, nowUtc, parseView, reached, saved, type Pass } from './pass.ts';
import { RemoteError } from './remote-error.ts';
import { sameVersion, type RemoteRecord, type View, type ViewValue } from './remote.ts';
import { mergeUnit, sameValue } from './view.ts';

/** Tries of "read again, merge, write" before the record waits for the next pass. */
const TRIES = 3;

type Bases = { local: View | undefined; remote: View | undefined };

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
  const fields = Object.keys(JSON.parse(open.fields) as ConflictFields);
  if (fields.every((field) => sameValue(field, local[field] ?? null, remote[field] ?? null))) {
    if (!pass.dryRun) pass.repo.dropConflict(pass.peer.id, kind, uuid);
    return {};
  }
  const fresh = Object.fromEntries(
    fields.map((field) => [field, { marquee: local[field] ?? null, site: remote[field] ?? null }]),
  );
  if (!pass.dryRun)
    pass.repo.saveConflict(pass.peer.id, kind, uuid, JSON.stringify(fresh), nowUtc(pass));
  return fresh;
}

/**
 * The bases after this merge: units in conflict keep theirs (the user decides them), and one
 * the two sides never agreed on keeps none (its conflict says so: conflicts.ts); every other
 * unit is now the same on both sides, as each side says it.
 */
function nextBases(
  fields: readonly string[],
  frozen: ReadonlySet<string>,
  kind: Kind,
  old: Bases,
  local: View,
  remote: View,
): { local: View; remote: View } {
  const nextLocal: Record<string, ViewValue> = {};
  const nextRemote: Record<string, ViewValue> = {};
  for (const field of fields) {
    if (!frozen.has(mergeUnit(kind, field))) {
      nextLocal[field] = local[field] ?? null;
      nextRemote[field] = remote[field] ?? null;
      continue;
    }
    const [mine, theirs] = [old.local?.[field], old.remote?.[field]];
    if (mine !== undefined) nextLocal[field] = mine;
    if (theirs !== undefined) nextRemote[field] = theirs;
  }
  return { local: nextLocal, remote: nextRemote };
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
    const pulled = await pull(pass, row, record, merged, version);
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
    const sent = await push(pass, row, record, after, remote, held, bases);
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

/** Writes the site's changes into Marquee: the record as stored then, or 'refused'. */
async function pull(
  pass: Pass,
  row: PeerRecordRow,
  record: LocalRecord,
  merged: Merged,
  version: string | null,
): Promise<LocalRecord | 'refused'> {
  const { kind, uuid } = row;
  if (Object.keys(merged.pull).length === 0) return record;
  if (pass.dryRun) {
    pass.summary.received += 1;
    return record;
  }
  const patch = checkedPatch(pass, kind, merged.pull, uuid);
  let stored: LocalRecord;
  try {
    stored = pass.local.write(kind, { id: record.id }, patch, pass.context, (written, rev) => {
      // The pulled fields agree now: their bases move with the write, in its transaction.
      const baseLocal = { ...parseView(row.baseLocal) };
      const baseRemote = { ...parseView(row.baseRemote) };
      const view = viewOfLocal(pass, kind, written);
      for (const field of Object.keys(merged.pull)) {
        baseLocal[field] = view[field] ?? null;
        baseRemote[field] = merged.pull[field] ?? null;
      }
      pass.repo.save(
        pass.peer.id,
        saved(row, {
          remoteVersion: version,
          localRev: rev,
          baseLocal: JSON.stringify(baseLocal),
          baseRemote: JSON.stringify(baseRemote),
        }),
      );
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    log(pass, 'refused', {
      kind,
      uuid,
      remoteId: row.remoteId,
      note: { key: 'said', values: { message: refusal.message } },
    });
    return 'refused';
  }
  pass.summary.received += 1;
  // The site's trash taken into Marquee's reads as that, not as a field that changed.
  const trashed = merged.pull.status === 'trash';
  log(pass, trashed ? 'deleted' : 'received', {
    kind,
    uuid,
    remoteId: row.remoteId,
    name: nameOf(viewOfLocal(pass, kind, stored)),
    note: trashed
      ? { key: 'trashedThere', values: {} }
      : { key: 'fields', values: { fields: Object.keys(merged.pull) } },
  });
  await reached(pass, 'pulled', kind, uuid);
  await yieldTurn();
  return stored;
}

/**
 * Sends Marquee's record, whole, with the site's values for the units in conflict (nothing is
 * overwritten before the user decides). Returns whether something was sent.
 */
async function push(
  pass: Pass,
  row: PeerRecordRow,
  record: LocalRecord,
  local: View,
  remote: View,
  held: ReadonlySet<string>,
  bases: Bases,
): Promise<boolean> {
  const { kind, uuid } = row;
  const remoteId = row.remoteId!;
  const localRev = record.rev;
  const fields = pass.remote.fields[kind];
  // Marquee's values as the record's author may send them; the site's own values (units held
  // in a conflict) go back as they are.
  const outgoing: Record<string, ViewValue> = { ...sendable(pass, kind, record, local) };
  for (const field of fields)
    if (held.has(mergeUnit(kind, field))) outgoing[field] = remote[field] ?? null;
  const trash = outgoing.status === 'trash';
  const store = (written: View, version: string) => {
    const next = nextBases(fields, held, kind, bases, local, written);
    pass.repo.save(
      pass.peer.id,
      saved(row, {
        remoteVersion: version,
        localRev,
        baseLocal: JSON.stringify(next.local),
        baseRemote: JSON.stringify(next.remote),
        intent: null,
      }),
    );
  };
  if (trash && remote.status === 'trash') {
    // Both in the trash: what else changed goes with the restore (a whole update), if one comes.
    store({ ...remote }, row.remoteVersion ?? '');
    return false;
  }
  const intent = {
    op: trash ? 'trash' : 'update',
    at: nowUtc(pass),
    view: await toRemoteIds(pass, kind, outgoing),
  };
  pass.repo.saveNow(pass.peer.id, saved(row, { intent: JSON.stringify(intent) }));
  await reached(pass, 'update-intent', kind, uuid);
  try {
    if (trash) {
      await pass.remote.trash(kind, remoteId);
      const now = await pass.remote.version(kind, remoteId);
      store({ ...remote, status: 'trash' }, now?.version ?? '');
      pass.summary.deleted += 1;
      log(pass, 'deleted', {
        kind,
        uuid,
        remoteId,
        name: nameOf(local),
        note: { key: 'trashedHere', values: {} },
      });
      return true;
    }
    const written = await pass.remote.update(kind, remoteId, intent.view);
    await reached(pass, 'update-sent', kind, uuid);
    store(written.view ? await toUuids(pass, kind, written.view) : outgoing, written.version);
  } catch (error) {
    if (!(error instanceof RemoteError) || error.stopsPass) throw error;
    pass.repo.save(pass.peer.id, saved(row, { intent: null }));
    log(pass, 'refused', {
      kind,
      uuid,
      remoteId,
      name: nameOf(local),
      note: { key: 'said', values: { message: error.message } },
    });
    return false;
  }
  pass.summary.sent += 1;
  log(pass, 'sent', { kind, uuid, remoteId, name: nameOf(local) });
  return true;
}
