/**
 * SQL for links to the website a laptop handed to this calendar, its hub
 * (server/peers/website/handed-links.ts): kept by the website's address until a pass with that website
 * adopts them. They are the records of a peer of their own (kind `handed`, one per address,
 * never connected), which neither the website's peer nor the hub's ever reads: the same columns
 * as a peer's records, and no migration.
 */
import type { SiteLink } from '#shared/schemas/site.ts';
import type { Database } from './database.ts';

const COLUMNS = `r.kind, r.uuid, r.remote_id AS remoteId, r.remote_version AS remoteVersion,
  r.base_local AS baseLocal, r.base_remote AS baseRemote`;

export function createHandedLinks(db: Database) {
  const keeperOf = (address: string): number | undefined =>
    (
      db.prepare("SELECT id FROM peers WHERE kind = 'handed' AND address = ?").get(address) as
        { id: number } | undefined
    )?.id;

  return {
    /** Keeps a laptop's links (handed again, or another's for the same post: the newest). */
    keepHanded(address: string, links: readonly SiteLink[], receivedUtc: string): void {
      db.transaction(
        () => {
          const keeper =
            keeperOf(address) ??
            (
              db
                .prepare(
                  `INSERT INTO peers (kind, address, api_root, login, language, connected, created_utc)
                   VALUES ('handed', ?, '', '', '', 0, ?) RETURNING id`,
                )
                .get(address, receivedUtc) as { id: number }
            ).id;
          const other = db.prepare(
            'DELETE FROM peer_records WHERE peer_id = ? AND kind = ? AND remote_id = ? AND uuid <> ?',
          );
          const insert = db.prepare(
            `INSERT INTO peer_records (peer_id, kind, uuid, remote_id, remote_version, base_local, base_remote)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (peer_id, kind, uuid) DO UPDATE SET remote_id = excluded.remote_id,
               remote_version = excluded.remote_version, base_local = excluded.base_local,
               base_remote = excluded.base_remote`,
          );
          for (const link of links) {
            other.run(keeper, link.kind, link.remoteId, link.uuid);
            insert.run(
              keeper,
              link.kind,
              link.uuid,
              link.remoteId,
              link.remoteVersion,
              link.baseLocal,
              link.baseRemote,
            );
          }
        },
        { alone: true },
      );
    },

    /** The links kept for the website at `address`. */
    handed(address: string): SiteLink[] {
      return db
        .prepare(
          `SELECT ${COLUMNS} FROM peer_records r JOIN peers p ON p.id = r.peer_id
           WHERE p.kind = 'handed' AND p.address = ?`,
        )
        .all(address) as SiteLink[];
    },

    /** A kept link done with (adopted, or the record has a link of its own). */
    dropHanded(address: string, kind: string, uuid: string): void {
      db.prepare(
        `DELETE FROM peer_records WHERE kind = ? AND uuid = ?
           AND peer_id = (SELECT id FROM peers WHERE kind = 'handed' AND address = ?)`,
      ).run(kind, uuid, address);
    },
  };
}
