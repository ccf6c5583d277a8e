/**
 * The website's state as the header shows it: up to date, sending N (Marquee's changes not on the
 * site yet), offline (the last pass could not reach it), needs a decision (conflicts), cannot
 * log in; with the connection (never the password) and the last problem.
 */
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeersRepo } from '../../store/peers.repo.ts';
import { peerProgress, peerState } from '../core/peer-state.ts';
import type { SiteSecrets } from '../site-secret.ts';

const LOGIN_PROBLEMS = new Set([
  'marquee_site_login_failed',
  'marquee_site_auth_stripped',
  'marquee_site_insecure',
]);

type Deps = { repo: PeersRepo; secrets: SiteSecrets; pollSeconds: number; latest: number };

type SiteInfo = {
  name?: string;
  tecVersion?: string | null;
  user?: { roles?: string[] };
  warnings?: string[];
  insecure?: boolean;
};

export function siteStatus(deps: Deps, syncing: boolean): SiteStatus {
  const { repo } = deps;
  const peer = repo.website();
  const base = { pollSeconds: deps.pollSeconds, syncing, via: null };
  if (!peer?.connected)
    return {
      ...base,
      state: 'not-connected',
      pending: 0,
      conflicts: 0,
      lastSync: peer?.lastSyncUtc ?? null,
      problem: null,
      connection: null,
    };
  const progress = peerProgress(repo, peer, deps.latest, 'mapped');
  const { problem, conflicts, waiting } = progress;
  const site = JSON.parse(peer.site) as SiteInfo;
  const state = peerState(progress, (code) =>
    LOGIN_PROBLEMS.has(code) ? 'cannot-log-in' : 'offline',
  );
  return {
    ...base,
    state,
    pending: waiting,
    conflicts,
    lastSync: peer.lastSyncUtc,
    problem,
    connection: {
      address: peer.address,
      login: peer.login,
      language: peer.language,
      encrypted: deps.secrets.encrypted,
      insecure: site.insecure === true,
      site: {
        name: site.name ?? '',
        tecVersion: site.tecVersion ?? null,
        roles: site.user?.roles ?? [],
        warnings: site.warnings ?? [],
      },
    },
  };
}
