/**
 * The hub's state as the header shows it: up to date, sending N (this calendar's changes the
 * hub has not acknowledged), offline, needs a decision, cannot log in (the token was refused),
 * wrong version; with the connection (never the token) and the last problem.
 */
import type { HubStatus } from '#shared/schemas/hub.ts';
import type { PeersRepo } from '../../store/peers.repo.ts';
import type { SiteSecrets } from '../site-secret.ts';
import { peerProgress, peerState } from '../core/peer-state.ts';
import { HUB_PROBLEMS } from './hub-error.ts';

type Deps = { repo: PeersRepo; secret: SiteSecrets; latest: number };

export function hubStatus(deps: Deps, syncing: boolean): HubStatus {
  const { repo } = deps;
  const peer = repo.hub();
  if (!peer?.connected)
    return {
      state: 'not-connected',
      pending: 0,
      conflicts: 0,
      syncing,
      lastSync: peer?.lastSyncUtc ?? null,
      problem: null,
      connection: null,
    };
  const progress = peerProgress(repo, peer, deps.latest, 'sent');
  const { problem, conflicts, waiting } = progress;
  const state = peerState(progress, (code) =>
    code === HUB_PROBLEMS.login
      ? 'cannot-log-in'
      : code === HUB_PROBLEMS.version
        ? 'wrong-version'
        : code === HUB_PROBLEMS.calendar
          ? 'other-calendar'
          : 'offline',
  );
  const site = JSON.parse(peer.site) as { version?: string; insecure?: boolean };
  return {
    state,
    pending: waiting,
    conflicts,
    syncing,
    lastSync: peer.lastSyncUtc,
    problem,
    connection: {
      address: peer.address,
      login: peer.login,
      version: site.version ?? '',
      insecure: site.insecure === true,
      encrypted: deps.secret.encrypted,
    },
  };
}
