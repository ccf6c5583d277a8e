/**
 * Slugs with the hub: unique on each side, so a slug the hub gave a record may be held here by
 * another one the same pull renames later; such records are noted, and take the hub's slug once
 * the pull is written. A slug held here only because the hub's was taken is never this side's
 * change (it is never sent back), so the two sides never rename each other's records without end.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { SyncRecord } from '#shared/schemas/sync.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import type { LocalRecord } from '../local-records.ts';
import { flatten, patchOf, type Flat } from './hub-records.ts';
import type { HubPass } from './hub-pass-state.ts';
import { baseOf, rowOf } from './hub-bases.ts';

const slugKeys = (here: Flat, target: Flat) =>
  Object.keys(target).filter((key) => key.startsWith('slug.') && here[key] !== target[key]);

/**
 * Slugs are unique on each side: a slug the hub gave this record may be held here by another
 * record (one the same pull renames later, or one the hub does not have yet), and the write
 * made it "-2". Such a record is noted, and given the hub's slug again once the pull is written
 * (settleSlugs).
 */
export function noteSlugs(pass: HubPass, kind: Kind, stored: LocalRecord, hub: SyncRecord): void {
  if (slugKeys(flatten(kind, stored), flatten(kind, hub)).length > 0)
    pass.unsettled.push([kind, hub.uuid]);
}

/** The slugs a record has here only because the hub's were taken here (`base_local`). */
function forcedSlugs(row: PeerRecordRow | undefined): Flat {
  return row?.baseLocal ? (JSON.parse(row.baseLocal) as Flat) : {};
}

/**
 * A record's values here as the merge and the push must see them: a slug held only because
 * the hub's was taken here is no change of this side's (it is never sent, so the two sides'
 * uniqueness never rename each other's records without end).
 */
export function ownValues(flat: Flat, row: PeerRecordRow | undefined): Flat {
  const forced = forcedSlugs(row);
  const base = baseOf(row) ?? {};
  const own = { ...flat };
  for (const [key, value] of Object.entries(forced))
    if (own[key] === value && key in base) own[key] = base[key];
  return own;
}

/**
 * The noted records (and those a pass before could not settle) take the hub's slugs now that
 * the others moved; one still held here by another record keeps its own here for now, noted as
 * forced (`base_local`), and is tried again at the next pass.
 */
export function settleSlugs(pass: HubPass): void {
  const { repo, peer, local } = pass;
  const todo = new Map<string, Kind>();
  for (const row of repo.withLocalBase(peer.id)) todo.set(row.uuid, row.kind);
  for (const [kind, uuid] of pass.unsettled.splice(0)) todo.set(uuid, kind);
  let left = [...todo];
  for (let round = 0; round < 3 && left.length > 0; round += 1) {
    const again: [string, Kind][] = [];
    for (const [uuid, kind] of left) {
      const row = rowOf(pass, kind, uuid);
      const base = baseOf(row);
      const here = local.get(kind, uuid);
      if (!row || !base || !here) continue;
      let keys = slugKeys(flatten(kind, here), base);
      if (keys.length > 0) {
        const stored = local.write(
          kind,
          { id: here.id },
          patchOf(kind, base, keys),
          pass.context,
          (_s, rev) => repo.save(peer.id, { ...row, localRev: Math.max(row.localRev, rev) }),
        );
        keys = slugKeys(flatten(kind, stored), base);
      }
      if (keys.length > 0) again.push([uuid, kind]);
      else if (row.baseLocal) repo.save(peer.id, { ...rowOf(pass, kind, uuid)!, baseLocal: null });
    }
    left = again;
  }
  for (const [uuid, kind] of left) {
    const row = rowOf(pass, kind, uuid);
    const here = local.get(kind, uuid);
    if (!row || !here) continue;
    const flatHere = flatten(kind, here);
    const keys = slugKeys(flatHere, baseOf(row) ?? {});
    repo.save(peer.id, {
      ...row,
      baseLocal: JSON.stringify(Object.fromEntries(keys.map((key) => [key, flatHere[key]]))),
    });
  }
}
