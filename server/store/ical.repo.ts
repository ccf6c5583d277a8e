/** SQL for what ICS imports keep beside events (migration 0004). */
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';

/** What ICS keeps beside the event so exporting it again gives back what was imported. */
export type IcalKeep = {
  uid: string;
  sequence: number;
  /** RRULE / RDATE / EXDATE lines of a series (on its first occurrence), as in the file. */
  recurrence: string[];
  /** Properties Marquee has no field for (X-…, GEO, ATTENDEE…), as unfolded content lines. */
  extra: string[];
};

export type KeptIcal = IcalKeep & { seriesUid: string | null; importedRev: number };

type IcalRow = {
  post_id: number;
  uid: string;
  series_uid: string | null;
  sequence: number;
  imported_rev: number;
  recurrence: string;
  extra: string;
};

/** A kept row with its event's id, uuid and revision: what a backup writes of it. */
type KeptIcalOfEvent = KeptIcal & { postId: number; eventUuid: string; eventRev: number };

export type IcalRepo = ReturnType<typeof createIcalRepo>;

const keptOf = (row: IcalRow): KeptIcal => ({
  uid: row.uid,
  seriesUid: row.series_uid,
  sequence: row.sequence,
  importedRev: row.imported_rev,
  recurrence: JSON.parse(row.recurrence) as string[],
  extra: JSON.parse(row.extra) as string[],
});

export function createIcalRepo(db: Database) {
  return {
    getMany(ids: readonly number[]): Map<number, KeptIcal> {
      const rows = db
        .prepare('SELECT * FROM event_ical WHERE post_id IN (SELECT value FROM json_each(?))')
        .all(jsonList(ids)) as IcalRow[];
      return new Map(rows.map((row) => [row.post_id, keptOf(row)]));
    },

    put(id: number, kept: KeptIcal): void {
      db.prepare(
        `INSERT INTO event_ical (post_id, uid, series_uid, sequence, imported_rev, recurrence, extra)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (post_id) DO UPDATE SET uid = excluded.uid, series_uid = excluded.series_uid,
           sequence = excluded.sequence, imported_rev = excluded.imported_rev,
           recurrence = excluded.recurrence, extra = excluded.extra`,
      ).run(
        id,
        kept.uid,
        kept.seriesUid,
        kept.sequence,
        kept.importedRev,
        JSON.stringify(kept.recurrence),
        JSON.stringify(kept.extra),
      );
    },

    /** Up to `limit` rows of events after post `afterId`, in post order: a page of a backup. */
    pageAfter(afterId: number, limit: number): KeptIcalOfEvent[] {
      const rows = db
        .prepare(
          `SELECT event_ical.*, posts.uuid AS event_uuid, posts.rev AS event_rev
           FROM event_ical JOIN posts ON posts.id = event_ical.post_id
           WHERE event_ical.post_id > ? ORDER BY event_ical.post_id LIMIT ?`,
        )
        .all(afterId, limit) as (IcalRow & { event_uuid: string; event_rev: number })[];
      return rows.map((row) => ({
        ...keptOf(row),
        postId: row.post_id,
        eventUuid: row.event_uuid,
        eventRev: row.event_rev,
      }));
    },
  };
}
