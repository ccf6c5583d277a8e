/**
 * SQL for peers (migration 0014): the peer's connection (its row: address, cursor, watermarks,
 * how its last pass ended) here, put together with each record's ids, versions and merge bases
 * there (peer-records.repo.ts), conflicts and the log (peer-notes.repo.ts), which of Marquee's
 * records changed since a peer last looked (peer-changes.repo.ts: the change log's revisions,
 * no outbox to keep in step) and the links a laptop handed (handed-links.repo.ts).
 */
import type { Database } from './database.ts';
import { createPeerChanges } from './peer-changes.repo.ts';
import { createHandedLinks } from './handed-links.repo.ts';
import { createPeerNotes } from './peer-notes.repo.ts';
import { createPeerRecords } from './peer-records.repo.ts';

export type { PeerRecordRow } from './peer-records.repo.ts';

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

const PEER_COLUMNS = `id, kind, address, api_root AS apiRoot, login, language, connected,
  trusts_raw AS trustsRaw, site, cursor, watermarks, last_full_utc AS lastFullUtc,
  last_sync_utc AS lastSyncUtc, last_problem AS lastProblem, created_utc AS createdUtc`;

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

    ...createPeerRecords(db, handedLinks),
    ...createPeerChanges(db),
    ...createPeerNotes(db),
    ...handedLinks,
  };
}
