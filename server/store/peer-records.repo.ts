/**
 * SQL for what a peer and Marquee know of each record (peer_records): its id and version there,
 * the merge bases on both sides, a write under way (intent); peers.repo.ts puts it together
 * with the peer's connection, its changes, notes and handed links.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';
import type { createHandedLinks } from './handed-links.repo.ts';

export type PeerRecordRow = {
  kind: Kind;
  uuid: string;
  remoteId: string | null;
  remoteVersion: string | null;
  localRev: number;
  /** JSON views, null until the two sides first agree. */
  baseLocal: string | null;
  baseRemote: string | null;
  intent: string | null;
};

const RECORD_COLUMNS = `kind, uuid, remote_id AS remoteId, remote_version AS remoteVersion,
  local_rev AS localRev, base_local AS baseLocal, base_remote AS baseRemote, intent`;

export function createPeerRecords(db: Database, handedLinks: ReturnType<typeof createHandedLinks>) {
  function save(peerId: number, row: PeerRecordRow): void {
    db.prepare(
      `INSERT INTO peer_records (peer_id, kind, uuid, remote_id, remote_version, local_rev, base_local, base_remote, intent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (peer_id, kind, uuid) DO UPDATE SET remote_id = excluded.remote_id,
         remote_version = excluded.remote_version, local_rev = excluded.local_rev,
         base_local = excluded.base_local, base_remote = excluded.base_remote, intent = excluded.intent`,
    ).run(
      peerId,
      row.kind,
      row.uuid,
      row.remoteId,
      row.remoteVersion,
      row.localRev,
      row.baseLocal,
      row.baseRemote,
      row.intent,
    );
  }

  return {
    record(peerId: number, kind: Kind, uuid: string): PeerRecordRow | undefined {
      return db
        .prepare(
          `SELECT ${RECORD_COLUMNS} FROM peer_records WHERE peer_id = ? AND kind = ? AND uuid = ?`,
        )
        .get(peerId, kind, uuid) as PeerRecordRow | undefined;
    },

    byRemoteId(peerId: number, kind: Kind, remoteId: string): PeerRecordRow | undefined {
      return db
        .prepare(
          `SELECT ${RECORD_COLUMNS} FROM peer_records WHERE peer_id = ? AND kind = ? AND remote_id = ?`,
        )
        .get(peerId, kind, remoteId) as PeerRecordRow | undefined;
    },

    /** Every record of the kind the site holds (by this peer's mapping). */
    records(peerId: number, kind: Kind): PeerRecordRow[] {
      return db
        .prepare(`SELECT ${RECORD_COLUMNS} FROM peer_records WHERE peer_id = ? AND kind = ?`)
        .all(peerId, kind) as PeerRecordRow[];
    },

    /**
     * Records a pass must look at whatever changed: a write sent whose answer was not stored (a
     * crash in between), or a conflict decided for Marquee's values (`local_rev` -1: to send).
     */
    flagged(peerId: number, kind: Kind): PeerRecordRow[] {
      return db
        .prepare(
          `SELECT ${RECORD_COLUMNS} FROM peer_records
           WHERE peer_id = ? AND kind = ? AND (intent IS NOT NULL OR local_rev < 0)`,
        )
        .all(peerId, kind) as PeerRecordRow[];
    },

    /** The hub's records whose slug here is not the hub's yet (server/peers/hub/hub-pull.ts). */
    withLocalBase(peerId: number): PeerRecordRow[] {
      return db
        .prepare(
          `SELECT ${RECORD_COLUMNS} FROM peer_records WHERE peer_id = ? AND base_local IS NOT NULL`,
        )
        .all(peerId) as PeerRecordRow[];
    },

    /** A conflict decided: the record's new bookkeeping, and the conflict gone, together. */
    decided(peerId: number, row: PeerRecordRow): void {
      db.transaction(() => {
        save(peerId, row);
        db.prepare('DELETE FROM peer_conflicts WHERE peer_id = ? AND kind = ? AND uuid = ?').run(
          peerId,
          row.kind,
          row.uuid,
        );
      });
    },

    count(peerId: number): number {
      return (
        db
          .prepare(
            'SELECT COUNT(*) AS n FROM peer_records WHERE peer_id = ? AND remote_id IS NOT NULL',
          )
          .get(peerId) as { n: number }
      ).n;
    },

    save,

    /**
     * `save`, committed at once rather than with the turn's other writes (database.ts): a
     * write's intent must be on disk before the write is sent.
     */
    saveNow(peerId: number, row: PeerRecordRow): void {
      db.transaction(() => save(peerId, row), { alone: true });
    },

    /**
     * Several records' bookkeeping and the peer's watermarks, committed at once (the hub's
     * mutations and the counter that numbered them must be on disk before they are sent).
     */
    saveAllNow(
      peerId: number,
      rows: readonly PeerRecordRow[],
      watermarks: Record<string, string>,
    ): void {
      db.transaction(
        () => {
          for (const row of rows) save(peerId, row);
          db.prepare('UPDATE peers SET watermarks = ? WHERE id = ?').run(
            JSON.stringify(watermarks),
            peerId,
          );
        },
        { alone: true },
      );
    },

    /** A link a laptop handed (handed-links.repo.ts) made this peer's, and no longer kept. */
    adoptHanded(peerId: number, address: string, row: PeerRecordRow): void {
      db.transaction(() => {
        handedLinks.dropHanded(address, row.kind, row.uuid);
        save(peerId, row);
      });
    },

    forget(peerId: number, kind: Kind, uuid: string): void {
      db.prepare('DELETE FROM peer_records WHERE peer_id = ? AND kind = ? AND uuid = ?').run(
        peerId,
        kind,
        uuid,
      );
    },
  };
}
