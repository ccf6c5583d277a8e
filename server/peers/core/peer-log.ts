/**
 * A peer's sync log: its lines (of a record, or the connection's own: connected, disconnected,
 * a problem), a pass's end with its problem, and the log as the API answers it. Both peers, the
 * website and the hub, keep their logs this one way.
 */
import type { SiteLogEntry, SiteProblemInfo } from '#shared/schemas/site.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import { readNote, storedNote, type LogNote } from '../log-note.ts';

/** What a line is about: a record (its kind, uuid, the peer's id of it, its name), or none. */
type About = { kind?: Kind; uuid?: string; remoteId?: string | null; name?: string | null };

export function createPeerLog(repo: PeersRepo, now: () => string) {
  const log = {
    line(peer: PeerRow, action: string, about: About, note?: LogNote): void {
      repo.log(peer.id, {
        at: now(),
        action,
        kind: about.kind ?? null,
        uuid: about.uuid ?? null,
        remoteId: about.remoteId ?? null,
        name: about.name ?? null,
        note: storedNote(note),
      });
    },

    /** A line of the connection's own; `name` names what it is about (the site's name). */
    note(peer: PeerRow, action: string, note?: LogNote, name: string | null = null): void {
      log.line(peer, action, { name }, note);
    },

    /** A pass ended well: its problem, if one was kept, is over. */
    passed(peer: PeerRow, full: boolean): void {
      repo.passEnded(peer.id, now(), full, null);
    },

    /** A pass ended on a problem: kept for the status until a pass ends well, and logged. */
    failed(peer: PeerRow, full: boolean, problem: { code: string; message: string }): void {
      const kept: SiteProblemInfo = { ...problem, at: now() };
      repo.passEnded(peer.id, kept.at, full, JSON.stringify(kept));
      log.note(peer, 'problem', { key: 'problem', values: { ...problem } });
    },

    /** The newest `limit` lines, their notes said in English and kept for the editor. */
    read(peer: PeerRow | undefined, limit: number): SiteLogEntry[] {
      return peer
        ? repo.logEntries(peer.id, limit).map((entry) => ({ ...entry, ...readNote(entry.note) }))
        : [];
    },

    /**
     * Ends the connection: no pass by itself any more, its secret forgotten, what both sides
     * know of each other kept (connecting again goes on from there).
     */
    disconnect(peer: PeerRow | undefined, forget: () => void, why?: LogNote): void {
      if (peer?.connected) {
        repo.setConnected(peer.id, false);
        log.note(peer, 'disconnected', why);
      }
      forget();
    },
  };
  return log;
}
