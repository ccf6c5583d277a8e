/**
 * SQL for Marquee's side of a peer: its records changed since a peer's cursor (what a pass
 * sends), how many of those the peer has not had (the header's "sending N"), its ids of a kind.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';

export type LocalChange = { kind: Kind; id: number; uuid: string; rev: number; deleted: boolean };

export function createPeerChanges(db: Database) {
  return {
    /** Marquee's records changed after `after` and up to `upTo`, in revision order. */
    changedSince(after: number, upTo: number): LocalChange[] {
      const rows = db
        .prepare(
          `SELECT kind, id, uuid, rev, 0 AS deleted FROM posts WHERE rev > ? AND rev <= ?
           UNION ALL SELECT taxonomy, id, uuid, rev, 0 FROM terms WHERE rev > ? AND rev <= ?
           UNION ALL SELECT kind, record_id, uuid, rev, 1 FROM tombstones WHERE rev > ? AND rev <= ?
           ORDER BY rev`,
        )
        .all(after, upTo, after, upTo, after, upTo) as (Omit<LocalChange, 'deleted'> & {
        deleted: number;
      })[];
      return rows.map((row) => ({ ...row, deleted: row.deleted === 1 }));
    },

    /**
     * How many of Marquee's first `limit` changes after `after` (up to `upTo`) the peer has not
     * had: a change of a record it does not hold or holds from before the change, a deletion of a
     * record it holds (`held`: mapped to one of its records, or sent to it as the hub's are).
     * One statement: the header asks it often, and a pull has just made a thousand changes.
     */
    pendingCount(
      peerId: number,
      range: { after: number; upTo: number; limit: number },
      held: 'mapped' | 'sent',
    ): number {
      const holds = held === 'mapped' ? 'r.uuid IS NOT NULL' : 'r.base_remote IS NOT NULL';
      const { after, upTo, limit } = range;
      const row = db
        .prepare(
          `WITH changed AS (
             SELECT kind, uuid, rev, 0 AS deleted FROM posts WHERE rev > ? AND rev <= ?
             UNION ALL SELECT taxonomy, uuid, rev, 0 FROM terms WHERE rev > ? AND rev <= ?
             UNION ALL SELECT kind, uuid, rev, 1 FROM tombstones WHERE rev > ? AND rev <= ?
             ORDER BY rev LIMIT ?)
           SELECT COUNT(*) AS n FROM changed c
           LEFT JOIN peer_records r ON r.peer_id = ? AND r.kind = c.kind AND r.uuid = c.uuid
           WHERE CASE WHEN c.deleted = 1 THEN ${holds}
                      ELSE r.uuid IS NULL OR r.local_rev < c.rev END`,
        )
        .get(after, upTo, after, upTo, after, upTo, limit, peerId) as { n: number };
      return row.n;
    },

    /** Every record of a kind in Marquee (the first sync's preview and matches). */
    localIds(kind: Kind): number[] {
      const rows = (
        kind === 'category' || kind === 'tag'
          ? db.prepare('SELECT id FROM terms WHERE taxonomy = ?').all(kind)
          : db.prepare('SELECT id FROM posts WHERE kind = ?').all(kind)
      ) as { id: number }[];
      return rows.map((row) => row.id);
    },
  };
}
