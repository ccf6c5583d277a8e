/**
 * Conflicts with the hub: the units both sides changed to different values since they last
 * agreed, field by field (texts per language), kept until the user decides on the laptop that
 * found them. The decision goes everywhere: "hub" writes the hub's values here (already on the
 * hub and every other laptop); "here" flags the record, and the next pass sends this calendar's
 * values on the hub's latest version, which the hub applies and passes on.
 */
import type { HubChoice, HubConflict } from '#shared/schemas/hub.ts';
import { openConflict } from '../core/open-conflict.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import { patchOf } from './hub-records.ts';

type Deps = { repo: PeersRepo; local: LocalRecords };

type Fields = Record<string, { here: unknown; hub: unknown }>;

export function listHubConflicts(deps: Deps, peer: PeerRow): HubConflict[] {
  return deps.repo.conflicts(peer.id).map((conflict) => {
    const record = deps.local.get(conflict.kind, conflict.uuid);
    const texts = (record?.title ?? record?.name ?? {}) as Record<string, string>;
    return {
      id: conflict.id,
      kind: conflict.kind,
      uuid: conflict.uuid,
      name: Object.values(texts).find(Boolean) ?? '',
      fields: JSON.parse(conflict.fields) as Fields,
      created: conflict.createdUtc,
    };
  });
}

export function resolveHubConflict(
  deps: Deps,
  peer: PeerRow,
  id: number,
  keep: HubChoice,
  context: DomainContext,
): void {
  const { repo, local } = deps;
  const { kind, uuid, fields } = openConflict<Fields>(
    repo,
    peer,
    id,
    'marquee_hub_conflict_not_found',
  );
  const choice = (key: string) => (typeof keep === 'string' ? keep : (keep[key] ?? 'hub'));
  const theirs = Object.keys(fields).filter((key) => choice(key) === 'hub');
  const mine = theirs.length < Object.keys(fields).length;
  const row = repo.record(peer.id, kind, uuid);
  const here = local.get(kind, uuid);
  const decided = (localRev: number) =>
    repo.decided(peer.id, {
      ...(row ?? {
        kind,
        uuid,
        remoteId: uuid,
        remoteVersion: null,
        baseLocal: null,
        baseRemote: null,
        intent: null,
      }),
      // Flagged (-1): the next pass sends this calendar's values of the units kept here.
      localRev: mine ? -1 : localRev,
    });
  if (!here || theirs.length === 0) {
    decided(row?.localRev ?? 0);
    return;
  }
  const hubValues = Object.fromEntries(theirs.map((key) => [key, fields[key]!.hub]));
  local.write(kind, { id: here.id }, patchOf(kind, hubValues, theirs), context, (_s, rev) =>
    decided(rev),
  );
}
