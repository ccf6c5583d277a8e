/**
 * Conflicts with the hub: the units both sides changed to different values since they last
 * agreed, field by field (texts per language), kept until the user decides on the laptop that
 * found them. The decision goes everywhere: "hub" writes the hub's values here (already on the
 * hub and every other laptop); "here" flags the record, and the next pass sends this calendar's
 * values on the hub's latest version, which the hub applies and passes on.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { HubChoice, HubConflict } from '#shared/schemas/hub.ts';
import { parseConflictValues } from '../core/conflict-values.ts';
import { openConflict } from '../core/open-conflict.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import { patchOf } from './hub-records.ts';

type Deps = { repo: PeersRepo; local: LocalRecords };

/** What a decision kept, for the log: the record, and its fields by the side whose value won. */
type HubDecision = {
  kind: Kind;
  uuid: string;
  name: string;
  mine: string[];
  theirs: string[];
};

/** A record's name for the user: its title or name in `language`, else the first one there is. */
function nameOf(record: Record<string, unknown> | undefined, language: string): string {
  const texts = (record?.title ?? record?.name ?? {}) as Record<string, string>;
  return texts[language] || (Object.values(texts).find(Boolean) ?? '');
}

export function listHubConflicts(deps: Deps, peer: PeerRow, language: string): HubConflict[] {
  return deps.repo.conflicts(peer.id).map((conflict) => {
    return {
      id: conflict.id,
      kind: conflict.kind,
      uuid: conflict.uuid,
      name: nameOf(deps.local.get(conflict.kind, conflict.uuid), language),
      fields: Object.fromEntries(
        Object.entries(parseConflictValues(conflict.fields)).map(([key, { mine, theirs }]) => [
          key,
          { here: mine, hub: theirs },
        ]),
      ),
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
): HubDecision {
  const { repo, local } = deps;
  const { kind, uuid, fields } = openConflict(repo, peer, id, 'marquee_hub_conflict_not_found');
  const choice = (key: string) => (typeof keep === 'string' ? keep : (keep[key] ?? 'hub'));
  const theirs = Object.keys(fields).filter((key) => choice(key) === 'hub');
  const kept = Object.keys(fields).filter((key) => choice(key) !== 'hub');
  const mine = kept.length > 0;
  const row = repo.record(peer.id, kind, uuid);
  const here = local.get(kind, uuid);
  const name = nameOf(here, context.settings.defaultLanguage);
  const decision: HubDecision = { kind, uuid, name, mine: kept, theirs };
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
    return decision;
  }
  const hubValues = Object.fromEntries(theirs.map((key) => [key, fields[key]!.theirs]));
  local.write(kind, { id: here.id }, patchOf(kind, hubValues, theirs), context, (_s, rev) =>
    decided(rev),
  );
  return decision;
}
