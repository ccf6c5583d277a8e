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
import type { PeerRecordRow, PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import { foldDuplicate, type FoldDeps } from './fold-duplicate.ts';
import { storedNote, type LogNote } from '../log-note.ts';

export function adoptHanded(
  deps: { repo: PeersRepo; local: LocalRecords; at: string; fold: FoldDeps },
  peer: PeerRow,
): number {
  const { repo, local } = deps;
  let adopted = 0;
  for (const link of repo.handed(peer.address)) {
    const { kind, uuid } = link;
    // Not here yet (the laptop's push is under way, or refused): a later pass looks again.
    const here = local.get(kind, uuid);
    if (!here) continue;
    const own = repo.record(peer.id, kind, uuid);
    const holder = repo.byRemoteId(peer.id, kind, link.remoteId);
    const keeper = holder && holder.uuid !== uuid ? local.get(kind, holder.uuid) : undefined;
    if (keeper && !own?.remoteId) {
      // This calendar made its own record of the post too (both synced with the website).
      foldDuplicate(deps.fold, kind, here, keeper, link);
      logLine(deps, peer, 'linked', link, { key: 'folded', values: {} });
    }
    if (own?.remoteId || holder) {
      repo.dropHanded(peer.address, kind, uuid);
      continue;
    }
    // Revision 0: whatever this calendar changed of the record since is merged at the next pass.
    repo.adoptHanded(peer.id, peer.address, {
      ...link,
      localRev: 0,
      intent: null,
    });
    logLine(deps, peer, 'linked', link, { key: 'handed', values: {} });
    adopted += 1;
  }
  return adopted;
}

function logLine(
  deps: { repo: PeersRepo; at: string },
  peer: PeerRow,
  action: string,
  link: { kind: PeerRecordRow['kind']; uuid: string; remoteId: string | null },
  note: LogNote,
): void {
  deps.repo.log(peer.id, {
    at: deps.at,
    action,
    kind: link.kind,
    uuid: link.uuid,
    remoteId: link.remoteId,
    name: null,
    note: storedNote(note),
  });
}
