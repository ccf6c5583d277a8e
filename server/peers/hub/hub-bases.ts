/**
 * What a pass with the hub keeps of each record it shares: its link row, its base (the hub's
 * version both sides last agreed on, flat), and its units held in a conflict until decided.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { unitsOf, type Flat } from './hub-records.ts';
import type { HubPass } from './hub-pass-state.ts';

export function rowOf(pass: HubPass, kind: Kind, uuid: string): PeerRecordRow | undefined {
  return pass.repo.record(pass.peer.id, kind, uuid);
}

export function baseOf(row: PeerRecordRow | undefined): Flat | undefined {
  return row?.baseRemote ? (JSON.parse(row.baseRemote) as Flat) : undefined;
}

/** The units of a record held in an open conflict. */
export function heldUnits(pass: HubPass, kind: Kind, uuid: string): Set<string> {
  const conflict = pass.repo.conflictOf(pass.peer.id, kind, uuid);
  return conflict
    ? unitsOf(kind, Object.keys(JSON.parse(conflict.fields) as object))
    : new Set<string>();
}
