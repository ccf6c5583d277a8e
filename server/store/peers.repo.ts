/**
 * SQL for peers (migration 0014): the website's connection, each record's ids, versions and
 * merge bases there, writes under way, conflicts, the log, and which of Marquee's records
 * changed since a peer last looked (the change log's revisions: no outbox to keep in step).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';
import { createPeerChanges } from './peer-changes.repo.ts';
import { createHandedLinks } from './handed-links.repo.ts';
import { createPeerNotes } from './peer-notes.repo.ts';

export type PeerRow = {
  id: number;
  kind: string;
  address: string;
  apiRoot: string;
  login: string;
  language: string;
  connected: boolean;
  trustsRaw: boolean;
  site: string;
  cursor: number;
  watermarks: Record<string, string>;
  lastFullUtc: string | null;
  lastSyncUtc: string | null;
  lastProblem: string | null;
  createdUtc: string;
};

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

/** A record of Marquee's changed after a revision; `deleted`: deleted for good (a tombstone). */

const PEER_COLUMNS = `id, kind, address, api_root AS apiRoot, login, language, connected,
  trusts_raw AS trustsRaw, site, cursor, watermarks, last_full_utc AS lastFullUtc,
  last_sync_utc AS lastSyncUtc, last_problem AS lastProblem, created_utc AS createdUtc`;

const RECORD_COLUMNS = `kind, uuid, remote_id AS remoteId, remote_version AS remoteVersion,
  local_rev AS localRev, base_local AS baseLocal, base_remote AS baseRemote, intent`;

type RawPeer = Omit<PeerRow, 'connected' | 'trustsRaw' | 'watermarks'> & {
  connected: number;
  trustsRaw: number;
  watermarks: string;
};

export type PeersRepo = ReturnType<typeof createPeersRepo>;

export function createPeersRepo(db: Database) {
  const handedLinks = createHandedLinks(db);
  const peerOf = (row: RawPeer | undefined): PeerRow | undefined =>
    row && {
      ...row,
      connected: row.connected === 1,
      trustsRaw: row.trustsRaw === 1,
      watermarks: JSON.parse(row.watermarks) as Record<string, string>,
    };

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
    /** The website peer (there is at most one). */
    website(): PeerRow | undefined {
      return peerOf(
        db.prepare(`SELECT ${PEER_COLUMNS} FROM peers WHERE kind = 'website' LIMIT 1`).get() as
          RawPeer | undefined,
      );
    },

    /** The hub peer (there is at most one): another Marquee server (server/peers/hub/). */
    hub(): PeerRow | undefined {
      return peerOf(
        db.prepare(`SELECT ${PEER_COLUMNS} FROM peers WHERE kind = 'hub' LIMIT 1`).get() as
          RawPeer | undefined,
      );
    },

    /**
     * Connects a peer of the kind: the same address again keeps what both sides know of each other
     * (its records, bases, conflicts, log); another one replaces it, and all of that.
     */
    connect(peer: {
      kind: 'website' | 'hub';
      address: string;
      apiRoot: string;
      login: string;
      language: string;
      trustsRaw: boolean;
      site: string;
      createdUtc: string;
      /** Another peer at the same address (a hub set up again): what was known of it goes. */
      anew?: boolean;
    }): number {
      return db.transaction(
        () => {
          const existing = db
            .prepare('SELECT id, address FROM peers WHERE kind = ?')
            .all(peer.kind) as {
            id: number;
            address: string;
          }[];
          const same = peer.anew ? undefined : existing.find((row) => row.address === peer.address);
          for (const row of existing)
            if (row !== same) db.prepare('DELETE FROM peers WHERE id = ?').run(row.id);
          if (same) {
            db.prepare(
              `UPDATE peers SET api_root = ?, login = ?, language = ?, trusts_raw = ?, site = ?,
               connected = 1, last_problem = NULL WHERE id = ?`,
            ).run(
              peer.apiRoot,
              peer.login,
              peer.language,
              peer.trustsRaw ? 1 : 0,
              peer.site,
              same.id,
            );
            return same.id;
          }
          const row = db
            .prepare(
              `INSERT INTO peers (kind, address, api_root, login, language, trusts_raw, site, created_utc)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            )
            .get(
              peer.kind,
              peer.address,
              peer.apiRoot,
              peer.login,
              peer.language,
              peer.trustsRaw ? 1 : 0,
              peer.site,
              peer.createdUtc,
            ) as { id: number };
          return row.id;
        },
        { alone: true },
      );
    },

    setConnected(id: number, connected: boolean): void {
      db.prepare('UPDATE peers SET connected = ? WHERE id = ?').run(connected ? 1 : 0, id);
    },

    setCursor(id: number, cursor: number): void {
      db.prepare('UPDATE peers SET cursor = max(cursor, ?) WHERE id = ?').run(cursor, id);
    },

    setWatermarks(id: number, watermarks: Record<string, string>): void {
      db.prepare('UPDATE peers SET watermarks = ? WHERE id = ?').run(
        JSON.stringify(watermarks),
        id,
      );
    },

    /** How a pass ended: its problem (JSON), or none: then when it went through, and if whole. */
    passEnded(id: number, at: string, full: boolean, problem: string | null): void {
      if (problem) {
        db.prepare('UPDATE peers SET last_problem = ? WHERE id = ?').run(problem, id);
        return;
      }
      db.prepare(
        `UPDATE peers SET last_problem = NULL, last_sync_utc = ?,
           last_full_utc = CASE WHEN ? = 1 THEN ? ELSE last_full_utc END WHERE id = ?`,
      ).run(at, full ? 1 : 0, at, id);
    },

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

    ...createPeerChanges(db),
    ...createPeerNotes(db),
    ...handedLinks,
  };
}
