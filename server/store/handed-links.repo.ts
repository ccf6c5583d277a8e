/**
 * SQL for links to the website a laptop handed to this calendar, its hub (migration 0016):
 * kept by the website's address until a pass with that website adopts them.
 */
import type { SiteLink } from '#shared/schemas/site.ts';
import type { Database } from './database.ts';

const COLUMNS = `kind, uuid, remote_id AS remoteId, remote_version AS remoteVersion,
  base_local AS baseLocal, base_remote AS baseRemote`;

export function createHandedLinks(db: Database) {
  return {
    /** Keeps a laptop's links (a link handed again replaces the one kept). */
    keepHanded(address: string, links: readonly SiteLink[], receivedUtc: string): void {
      db.transaction(
        () => {
          const insert = db.prepare(
            `INSERT INTO handed_links (address, kind, uuid, remote_id, remote_version, base_local, base_remote, received_utc)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (address, kind, uuid) DO UPDATE SET remote_id = excluded.remote_id,
               remote_version = excluded.remote_version, base_local = excluded.base_local,
               base_remote = excluded.base_remote, received_utc = excluded.received_utc`,
          );
          for (const link of links)
            insert.run(
              address,
              link.kind,
              link.uuid,
              link.remoteId,
              link.remoteVersion,
              link.baseLocal,
              link.baseRemote,
              receivedUtc,
            );
        },
        { alone: true },
      );
    },

    /** The links kept for the website at `address`. */
    handed(address: string): SiteLink[] {
      return db
        .prepare(`SELECT ${COLUMNS} FROM handed_links WHERE address = ? ORDER BY rowid`)
        .all(address) as SiteLink[];
    },

    /** A kept link done with (adopted, or the record has a link of its own). */
    dropHanded(address: string, kind: string, uuid: string): void {
      db.prepare('DELETE FROM handed_links WHERE address = ? AND kind = ? AND uuid = ?').run(
        address,
        kind,
        uuid,
      );
    },
  };
}
