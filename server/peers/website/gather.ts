/**
 * What a pass has to look at, for one kind: writes left half-done by a crash (settled first),
 * Marquee's records changed since the peer's cursor (the change log: not those the peer itself
 * wrote), and the site's records whose version moved (a full listing, or what changed since the watermark),
 * read whole. A full pass also reads every record the site should have but did not list (past
 * and hidden events are in no list): only a read that answers 404 is taken for a deletion,
 * never an absence. A first sync pairs records that look the same (identity.ts).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { LocalChange } from '../../store/peer-changes.repo.ts';
import { publishable, viewOfLocal } from './creations.ts';
import { matchRecords } from './identity.ts';
import { recoverIntent } from './intents.ts';
import { pacer } from '../../pace.ts';
import type { Pass } from '../pass.ts';
import { sameVersion } from './remote.ts';
import type { Item } from './reconcile.ts';

const uuidKey = (uuid: string) => `u:${uuid}`;
const remoteKey = (id: string) => `r:${id}`;

export async function gather(
  pass: Pass,
  kind: Kind,
  changes: readonly LocalChange[],
): Promise<{ items: Item[]; watermark: string }> {
  const peerId = pass.peer.id;
  const items = new Map<string, Item>();
  // Writes a crash cut short are settled first: a create the site made must be this record's
  // before the listing is matched, or the listing would bring it in as a record of its own.
  for (const flagged of pass.repo.flagged(peerId, kind)) {
    const row = flagged.intent ? await recoverIntent(pass, flagged) : flagged;
    items.set(uuidKey(flagged.uuid), {
      kind,
      uuid: flagged.uuid,
      remoteId: row?.remoteId ?? undefined,
    });
  }
  // The peer's records of the kind, read once (not one query per change or listed record).
  const mapped = pass.repo.records(peerId, kind);
  const byUuid = new Map(mapped.map((row) => [row.uuid, row]));
  const byRemoteId = new Map(mapped.flatMap((row) => (row.remoteId ? [[row.remoteId, row]] : [])));
  const pace = pacer();
  for (const change of changes) {
    await pace();
    const row = byUuid.get(change.uuid);
    // The peer's own writes into Marquee (a pull) are not changes to send back.
    if (!change.deleted && row && row.localRev >= change.rev) continue;
    if (change.deleted && !row) continue;
    items.set(uuidKey(change.uuid), {
      kind,
      uuid: change.uuid,
      remoteId: row?.remoteId ?? undefined,
    });
  }

  const listing = pass.full
    ? await pass.remote.list(kind)
    : await pass.remote.changedSince(kind, pass.peer.watermarks[kind] ?? '');
  const toRead: string[] = [];
  const seen = new Set<string>();
  for (const listed of listing.listed) {
    await pace();
    seen.add(listed.id);
    const row = byRemoteId.get(listed.id);
    if (row && sameVersion(row.remoteVersion, listed.version)) continue;
    if (!row && listed.trashed) continue; // the site's trash is not brought in
    const key = row ? uuidKey(row.uuid) : remoteKey(listed.id);
    items.set(key, { ...items.get(key), kind, uuid: row?.uuid, remoteId: listed.id });
    toRead.push(listed.id);
  }
  if (pass.full)
    for (const row of mapped)
      if (row.remoteId && !seen.has(row.remoteId)) {
        items.set(uuidKey(row.uuid), {
          ...items.get(uuidKey(row.uuid)),
          kind,
          uuid: row.uuid,
          remoteId: row.remoteId,
        });
        toRead.push(row.remoteId);
      }

  const read = await pass.remote.read(kind, toRead);
  const byRemote = new Map(
    [...items.values()].flatMap((item) => (item.remoteId ? [[item.remoteId, item] as const] : [])),
  );
  for (const record of read.records) {
    const item = byRemote.get(record.id);
    if (item) item.remote = record;
  }
  for (const id of read.gone) {
    const item = byRemote.get(id);
    if (item) item.gone = true;
  }
  if (pass.first) pairSame(pass, kind, items, byUuid);
  return { items: [...items.values()], watermark: listing.watermark };
}

/** A first sync: the site's new records that look like Marquee's become one record each. */
function pairSame(
  pass: Pass,
  kind: Kind,
  items: Map<string, Item>,
  mapped: ReadonlyMap<string, unknown>,
): void {
  const remotes = [...items.values()].flatMap((item) =>
    !item.uuid && item.remoteId && item.remote?.view && !item.remote.trashed
      ? [{ key: item.remoteId, view: item.remote.view }]
      : [],
  );
  if (remotes.length === 0) return;
  const locals = pass.local
    .all(kind)
    .filter((record) => publishable(kind, record) && !mapped.has(record.uuid))
    .map((record) => ({ key: record.uuid, view: viewOfLocal(pass, kind, record) }));
  for (const [uuid, remoteId] of matchRecords(kind, locals, remotes)) {
    const remote = items.get(remoteKey(remoteId));
    items.delete(remoteKey(remoteId));
    items.set(uuidKey(uuid), { kind, uuid, remoteId, remote: remote?.remote, matched: true });
  }
}
