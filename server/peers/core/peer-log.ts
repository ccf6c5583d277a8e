/**
 * A peer's sync log: its lines (of a record, or the connection's own: connected, disconnected,
 * a problem), a pass's end with its problem, and the log as the API answers it. Both peers, the
 * website and the hub, keep their logs this one way.
 */
import type { PeerLogEntry, PeerProblemInfo } from '#shared/schemas/peer.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import { readNote, storedNote, type LogNote } from '../log-note.ts';
import type { PeerLogRow } from '../../store/peer-notes.repo.ts';

/**
 * The line, if it is a problem of this code: its id and note's values. The code alone: the
 * editor says a problem by its code's words, and one site going down answers "reset" once, then
 * "nothing answers", which are one problem to the user (its line keeps the newest message).
 */
function sameProblem(
  line: PeerLogRow | undefined,
  problem: { code: string },
): { id: number; values: Record<string, unknown> } | undefined {
  if (line?.action !== 'problem') return undefined;
  const { detail } = readNote(line.note);
  if (detail?.values.code !== problem.code) return undefined;
  return { id: line.id, values: detail.values };
}

/** What a line is about: a record (its kind, uuid, the peer's id of it, its name), or none. */
type About = { kind?: Kind; uuid?: string; remoteId?: string | null; name?: string | null };

/** A decision's line: which fields kept Marquee's value (sent next), which the website's. */
export function decisionNote(decision: { marquee: string[]; site: string[] }): LogNote {
  const { marquee, site } = decision;
  if (marquee.length === 0) return { key: 'decidedSite', values: { fields: site } };
  if (site.length === 0) return { key: 'decidedMarquee', values: { fields: marquee } };
  return { key: 'decidedBoth', values: { marquee, site } };
}

/** A hub decision's line: which fields kept this calendar's value (sent next), which the hub's. */
export function hubDecisionNote(decision: { mine: string[]; theirs: string[] }): LogNote {
  const { mine, theirs } = decision;
  if (mine.length === 0) return { key: 'decidedHub', values: { fields: theirs } };
  if (theirs.length === 0) return { key: 'decidedHere', values: { fields: mine } };
  return { key: 'decidedHereAndHub', values: { mine, theirs } };
}

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

    /**
     * A pass ended on a problem: kept for the status until a pass ends well, and logged. The
     * same problem again (each retry while the site is down) counts on its line, not a new one,
     * whose message becomes the newest.
     */
    failed(peer: PeerRow, full: boolean, problem: { code: string; message: string }): void {
      const kept: PeerProblemInfo = { ...problem, at: now() };
      repo.passEnded(peer.id, kept.at, full, JSON.stringify(kept));
      const last = sameProblem(repo.logEntries(peer.id, 1)[0], problem);
      if (!last) {
        log.note(peer, 'problem', { key: 'problem', values: { ...problem, tries: '1' } });
        return;
      }
      const tries = String(Number(last.values.tries ?? 1) + 1);
      const note = { key: 'problem', values: { ...problem, tries } };
      repo.relog(last.id, kept.at, storedNote(note));
    },

    /** When the scheduler tries again after the problem on the newest line: said on it. */
    retrying(peer: PeerRow | undefined, at: string): void {
      const [newest] = peer ? repo.logEntries(peer.id, 1) : [];
      const detail = newest?.action === 'problem' ? readNote(newest.note).detail : null;
      if (!newest || !detail) return;
      repo.relog(
        newest.id,
        newest.at,
        storedNote({ ...detail, values: { ...detail.values, next: at } }),
      );
    },

    /** The newest `limit` lines, their notes said in English and kept for the editor. */
    read(peer: PeerRow | undefined, limit: number): PeerLogEntry[] {
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
