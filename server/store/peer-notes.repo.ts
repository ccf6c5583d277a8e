/**
 * SQL for what a peer leaves for the user (migration 0014): conflicts waiting for a decision,
 * and the log of what each pass did (its last entries).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';

export type PeerLogRow = {
  id: number;
  at: string;
  action: string;
  kind: string | null;
  uuid: string | null;
  remoteId: string | null;
  name: string | null;
  note: string | null;
};

/** How many log entries are kept. */
const LOG_KEPT = 500;

type ConflictRow = { id: number; kind: Kind; uuid: string; fields: string; createdUtc: string };

export function createPeerNotes(db: Database) {
  return {
    conflicts(peerId: number): ConflictRow[] {
      return db
        .prepare(
          'SELECT id, kind, uuid, fields, created_utc AS createdUtc FROM peer_conflicts WHERE peer_id = ? ORDER BY id',
        )
        .all(peerId) as ConflictRow[];
    },

    conflictOf(
      peerId: number,
      kind: Kind,
      uuid: string,
    ): { id: number; fields: string } | undefined {
      return db
        .prepare(
          'SELECT id, fields FROM peer_conflicts WHERE peer_id = ? AND kind = ? AND uuid = ?',
        )
        .get(peerId, kind, uuid) as { id: number; fields: string } | undefined;
    },

    conflictCount(peerId: number): number {
      return (
        db.prepare('SELECT COUNT(*) AS n FROM peer_conflicts WHERE peer_id = ?').get(peerId) as {
          n: number;
        }
      ).n;
    },

    saveConflict(peerId: number, kind: Kind, uuid: string, fields: string, now: string): void {
      db.prepare(
        `INSERT INTO peer_conflicts (peer_id, kind, uuid, fields, created_utc) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (peer_id, kind, uuid) DO UPDATE SET fields = excluded.fields`,
      ).run(peerId, kind, uuid, fields, now);
    },

    dropConflict(peerId: number, kind: Kind, uuid: string): void {
      db.prepare('DELETE FROM peer_conflicts WHERE peer_id = ? AND kind = ? AND uuid = ?').run(
        peerId,
        kind,
        uuid,
      );
    },

    log(peerId: number, entry: Omit<PeerLogRow, 'id'>): void {
      const { id } = db
        .prepare(
          `INSERT INTO peer_log (peer_id, at_utc, action, kind, uuid, remote_id, name, note)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          peerId,
          entry.at,
          entry.action,
          entry.kind,
          entry.uuid,
          entry.remoteId,
          entry.name,
          entry.note,
        ) as { id: number };
      // The log keeps its last entries: the older go, a hundred at a time.
      if (id % 100 === 0)
        db.prepare('DELETE FROM peer_log WHERE peer_id = ? AND id <= ?').run(peerId, id - LOG_KEPT);
    },

    /** A line written again: its time and its note (a problem tried once more). */
    relog(id: number, at: string, note: string | null): void {
      db.prepare('UPDATE peer_log SET at_utc = ?, note = ? WHERE id = ?').run(at, note, id);
    },

    logEntries(peerId: number, limit: number): PeerLogRow[] {
      return db
        .prepare(
          `SELECT id, at_utc AS at, action, kind, uuid, remote_id AS remoteId, name, note
           FROM peer_log WHERE peer_id = ? ORDER BY id DESC LIMIT ?`,
        )
        .all(peerId, limit) as PeerLogRow[];
    },
  };
}
