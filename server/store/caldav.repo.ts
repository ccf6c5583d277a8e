/**
 * SQL for the CalDAV door: which event a calendar object's UID names, and which objects changed
 * after a revision (sync-collection). Every write stamps its revision on the records it touches
 * and a deletion leaves a tombstone, so a delta is read from the `rev` indexes: its cost grows
 * with the changes, not with the calendar.
 */
import type { Database } from './database.ts';

/** An event a change touched: its id, uuid, and its series when it is an occurrence of one. */
type TouchedEvent = { id: number; uuid: string; seriesId: number | null };

export type CaldavRepo = ReturnType<typeof createCaldavRepo>;

export function createCaldavRepo(db: Database) {
  return {
    /**
     * The event an imported UID names: its series where occurrences keep the series' UID too
     * (an exception written by an import), else the event.
     */
    idOfKeptUid(uid: string): number | undefined {
      const row = db
        .prepare(
          `SELECT event_ical.post_id AS id FROM event_ical
           JOIN events ON events.post_id = event_ical.post_id
           WHERE event_ical.uid = ? ORDER BY (events.parent_id IS NOT NULL), event_ical.post_id
           LIMIT 1`,
        )
        .get(uid) as { id: number } | undefined;
      return row?.id;
    },

    /** A person's reminders, by calendar object (its UID), each by component. */
    alarmsOf(userId: number): Map<string, Record<string, string[]>> {
      const rows = db
        .prepare('SELECT uid, alarms FROM caldav_alarms WHERE user_id = ?')
        .all(userId) as { uid: string; alarms: string }[];
      return new Map(
        rows.map((row) => [row.uid, JSON.parse(row.alarms) as Record<string, string[]>]),
      );
    },

    /** Keeps a person's reminders on a calendar object (none: forgets them). */
    keepAlarms(userId: number, uid: string, alarms: Record<string, string[]> | undefined): void {
      if (!alarms) {
        db.prepare('DELETE FROM caldav_alarms WHERE user_id = ? AND uid = ?').run(userId, uid);
        return;
      }
      db.prepare(
        `INSERT INTO caldav_alarms (user_id, uid, alarms) VALUES (?, ?, ?)
         ON CONFLICT (user_id, uid) DO UPDATE SET alarms = excluded.alarms`,
      ).run(userId, uid, JSON.stringify(alarms));
    },

    /**
     * The event with this uuid (our own UIDs are `<uuid>@marquee`), as written or in capitals
     * turned back. Not `COLLATE NOCASE`: the uuid's index compares with case, so that read
     * every event.
     */
    idOfUuid(uuid: string): number | undefined {
      const row = db
        .prepare("SELECT id FROM posts WHERE uuid IN (?1, lower(?1)) AND kind = 'event'")
        .get(uuid) as { id: number } | undefined;
      return row?.id;
    },

    /**
     * The events written after `after`, and those whose venue, organizers, categories or tags
     * were (their LOCATION, ORGANIZER and CATEGORIES change with them).
     */
    eventsTouchedAfter(after: number): TouchedEvent[] {
      return db
        .prepare(
          // The order is fixed (CROSS JOIN, INDEXED BY): left to SQLite, a plan may drive the
          // join from the events table, reading every event for a delta of one.
          `WITH touched(id) AS (
             SELECT id FROM posts INDEXED BY posts_rev WHERE rev > ?1 AND kind = 'event'
             UNION SELECT events.post_id FROM posts INDEXED BY posts_rev
               CROSS JOIN events ON events.venue_id = posts.id
               WHERE posts.rev > ?1 AND posts.kind = 'venue'
             UNION SELECT event_organizers.event_id FROM posts INDEXED BY posts_rev
               CROSS JOIN event_organizers ON event_organizers.organizer_id = posts.id
               WHERE posts.rev > ?1 AND posts.kind = 'organizer'
             UNION SELECT event_terms.event_id FROM terms INDEXED BY terms_rev
               CROSS JOIN event_terms ON event_terms.term_id = terms.id WHERE terms.rev > ?1)
           SELECT posts.id, posts.uuid, events.parent_id AS seriesId FROM touched
           CROSS JOIN posts ON posts.id = touched.id
           CROSS JOIN events ON events.post_id = posts.id`,
        )
        .all(after) as TouchedEvent[];
    },

    /** The uuids of events deleted for good after `after`. */
    eventsDeletedAfter(after: number): string[] {
      const rows = db
        .prepare("SELECT uuid FROM tombstones WHERE rev > ? AND kind = 'event'")
        .all(after) as { uuid: string }[];
      return rows.map((row) => row.uuid);
    },
  };
}
