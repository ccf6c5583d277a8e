/**
 * A connected peer's state as the header shows it, the same rule for both peers: a problem
 * says its own state (the peer's: cannot log in, wrong version) or offline; else decisions
 * waiting; else changes made here the peer has not had (sending N); else up to date.
 */
import type { PeerProblemInfo } from '#shared/schemas/peer.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';

/** Counting stops here: "sending 10000" says enough. */
const COUNTED = 10_000;

type Progress = { problem: PeerProblemInfo | null; conflicts: number; waiting: number };

/**
 * The peer's last problem, its conflicts, and how many changes it has not had; `held` says what
 * counts as a record the peer holds (store/peer-changes.repo.ts).
 */
export function peerProgress(
  repo: PeersRepo,
  peer: PeerRow,
  latest: number,
  held: 'mapped' | 'sent',
): Progress {
  return {
    problem: peer.lastProblem ? (JSON.parse(peer.lastProblem) as PeerProblemInfo) : null,
    conflicts: repo.conflictCount(peer.id),
    waiting: repo.pendingCount(peer.id, { after: peer.cursor, upTo: latest, limit: COUNTED }, held),
  };
}

/** The state; `problemState` names the state a problem's code puts the peer in. */
export function peerState<P extends string>(
  { problem, conflicts, waiting }: Progress,
  problemState: (code: string) => P,
): P | 'needs-decision' | 'sending' | 'up-to-date' {
  if (problem) return problemState(problem.code);
  if (conflicts > 0) return 'needs-decision';
  return waiting > 0 ? 'sending' : 'up-to-date';
}
