/**
 * What the desktop app's update policy asks of the calendar before it installs at quit
 * (shared/updates/update-policy.ts): whether updates are automatic on this machine, the changes
 * the hub and the website have not taken yet, whether a pass with either is under way, and the
 * hub's address (a laptop on a hub reads its updates there).
 */
import type { UpdateWork } from '#shared/updates/update-policy.ts';
import type { SettingsStore } from '../settings/settings-file.ts';

type PeerState = { pending: number; syncing: boolean; state: string };

export function updateWork(deps: {
  settings: SettingsStore;
  site: { status(): PeerState };
  hub: { status(): PeerState & { connection: { address: string } | null } };
}): UpdateWork {
  const site = deps.site.status();
  const hub = deps.hub.status();
  const peers = [site, hub].filter((peer) => peer.state !== 'not-connected');
  return {
    automatic: deps.settings.get().autoUpdate,
    unsentChanges: peers.reduce((sum, peer) => sum + peer.pending, 0),
    syncing: peers.some((peer) => peer.syncing),
    hubAddress: hub.connection?.address ?? null,
  };
}
