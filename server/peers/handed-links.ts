/**
 * Links to the website a laptop handed to this calendar, its hub: a laptop that synced with
 * the website itself knows which post there is which of its records, and the hub, which syncs
 * with the website for every laptop, would not (a record trashed there, restored later, would be
 * made as a second post; one not trashed would be sent as new). They are kept by the website's
 * address as they come (handed-links.repo.ts), before the records themselves, so that no pass
 * can see a record before its link; each pass with that website first adopts those of records
 * this calendar has and has no link for, with the bases the laptop merged from. A record linked
 * already, or a post another record holds, keeps what this calendar knows.
 */
import type { PeerRow, PeersRepo } from '../store/peers.repo.ts';
import type { LocalRecords } from './local-records.ts';
import { storedNote } from './log-note.ts';

export function adoptHanded(
  deps: { repo: PeersRepo; local: LocalRecords; at: string },
  peer: PeerRow,
): number {
  const { repo, local } = deps;
  let adopted = 0;
  for (const link of repo.handed(peer.address)) {
    const { kind, uuid } = link;
    // Not here yet (the laptop's push is under way, or refused): a later pass looks again.
    if (!local.get(kind, uuid)) continue;
    const own = repo.record(peer.id, kind, uuid);
    const holder = repo.byRemoteId(peer.id, kind, link.remoteId);
    if (own?.remoteId || (holder && holder.uuid !== uuid)) {
      repo.dropHanded(peer.address, kind, uuid);
      continue;
    }
    // Revision 0: whatever this calendar changed of the record since is merged at the next pass.
    repo.adoptHanded(peer.id, peer.address, {
      ...link,
      localRev: 0,
      intent: null,
    });
    repo.log(peer.id, {
      at: deps.at,
      action: 'linked',
      kind,
      uuid,
      remoteId: link.remoteId,
      name: null,
      note: storedNote({ key: 'handed', values: {} }),
    });
    adopted += 1;
  }
  return adopted;
}
