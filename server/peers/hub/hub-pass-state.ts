/**
 * One pass with the hub: what it works with (the peer, the hub's client, this calendar's
 * records, the store), what it counts, and where it stands in the replica protocol: the pull's
 * checkpoint, this calendar's client id on the hub and the next mutation's number, kept in the
 * peer's watermarks.
 */
import { randomUUID } from 'node:crypto';
import type { Kind } from '#shared/kinds/registry.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import type { PassSummary } from '../pass.ts';
import type { PassHook } from '../pass-points.ts';
import type { HubHttp } from './hub-http.ts';
import type { LogNote } from '../log-note.ts';

export type HubState = {
  checkpoint: string;
  clientId: string;
  nextMutation: number;
  /** The calendar the hub holds, from the first pull on: another one there is refused. */
  calendar?: string | undefined;
};

export function hubStateOf(peer: PeerRow): HubState {
  const { checkpoint = '0', clientId = '', nextMutation = '1', calendar } = peer.watermarks;
  return { checkpoint, clientId, nextMutation: Number(nextMutation), calendar };
}

/**
 * Where a connection starts in the replica protocol: a new hub from nothing, as a new client;
 * the same hub with the same token's user where it stood (undefined: nothing changes); the same
 * hub with another user's token (the old one revoked) as a new client there, since the hub keeps
 * each client to one user: its numbers go on rising, and what the old client had not had
 * answered goes again under the new one.
 */
export function stateOnConnect(
  sameHub: HubState | undefined,
  sameUser: boolean,
): HubState | undefined {
  if (!sameHub) return { checkpoint: '0', clientId: `hub-${randomUUID()}`, nextMutation: 1 };
  return sameUser ? undefined : { ...sameHub, clientId: `hub-${randomUUID()}` };
}

export const watermarksOf = (state: HubState): Record<string, string> => ({
  checkpoint: state.checkpoint,
  clientId: state.clientId,
  nextMutation: String(state.nextMutation),
  ...(state.calendar && { calendar: state.calendar }),
});

type LogAction =
  'sent' | 'received' | 'merged' | 'conflict' | 'deleted' | 'refused' | 'doubleBooked';

export type HubPass = {
  peer: PeerRow;
  http: HubHttp;
  repo: PeersRepo;
  local: LocalRecords;
  changes: ChangeLog;
  context: DomainContext;
  state: HubState;
  summary: PassSummary;
  hook: PassHook | undefined;
  signal: AbortSignal;
  /** Records written with another slug than the hub's (hub-pull.ts `settleSlugs`). */
  unsettled: [Kind, string][];
  now(): string;
  log(action: LogAction, kind: Kind, uuid: string, name: string | null, note?: LogNote): void;
  saveCheckpoint(checkpoint: string): void;
};

/**
 * An occurrence its series made: each server makes it (the same uuid: shared/series), so it is
 * never sent as new; its own changes go once the hub's version is known.
 */
export const isDerived = (kind: Kind, record: Readonly<Record<string, unknown>>): boolean =>
  kind === 'event' && typeof record.parentUuid === 'string' && record.recurrenceId != null;
