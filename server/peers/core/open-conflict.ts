/**
 * The conflict a decision names, as both peers look it up: open for this peer, its fields
 * parsed; one decided already (or never made) is refused with the peer's own code.
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import { DomainError } from '../../domain/errors.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import { parseConflictValues } from './conflict-values.ts';

export function openConflict<V = unknown>(
  repo: PeersRepo,
  peer: PeerRow,
  id: number,
  notFound: ErrorCode,
) {
  const conflict = repo.conflicts(peer.id).find((open) => open.id === id);
  if (!conflict)
    throw new DomainError(
      notFound,
      `No decision ${id} is waiting: it was made already, or never was.`,
    );
  return {
    kind: conflict.kind,
    uuid: conflict.uuid,
    fields: parseConflictValues<V>(conflict.fields),
  };
}
