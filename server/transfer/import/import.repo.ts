/**
 * What an import reads once at its start to match a file against the calendar: events by
 * kept UID, uuid and title + start, and the names of venues, organizers and terms. Where a
 * key can repeat, the oldest record is the one to match: event rows come newest first (a Map
 * built from them keeps the last), name rows oldest first (their reader keeps the first).
 */
import type { Database } from '../../store/database.ts';

export type NamedId = { name: string; id: number };
export type EventTitleRow = {
  title: string;
  start_local: string;
  all_day: number;
  post_id: number;
};

export type ImportRepo = ReturnType<typeof createImportRepo>;

export function createImportRepo(db: Database) {
  return {
    /** Events by the UID an ICS import kept, the newest first. */
    keptUids: () =>
      db.prepare('SELECT uid, post_id FROM event_ical ORDER BY post_id DESC').all() as {
        uid: string;
        post_id: number;
      }[],

    /** Untrashed events' uuids. */
    eventUuids: () =>
      db.prepare("SELECT uuid, id FROM posts WHERE kind = 'event' AND status <> 'trash'").all() as {
        uuid: string;
        id: number;
      }[],

    /** Untrashed events' titles (every language) with their starts, the newest first. */
    eventTitles: () =>
      db
        .prepare(
          `SELECT t.title, e.start_local, e.all_day, e.post_id FROM events e
           JOIN post_texts t ON t.post_id = e.post_id JOIN posts p ON p.id = e.post_id
           WHERE p.status <> 'trash' ORDER BY e.post_id DESC`,
        )
        .all() as EventTitleRow[],

    /** Untrashed venues' or organizers' names (every language), the oldest first. */
    postNames: (kind: 'venue' | 'organizer') =>
      db
        .prepare(
          `SELECT t.title AS name, p.id FROM post_texts t JOIN posts p ON p.id = t.post_id
           WHERE p.kind = ? AND p.status <> 'trash' ORDER BY p.id`,
        )
        .all(kind) as NamedId[],

    /** Category or tag names (every language), the oldest first. */
    termNames: (taxonomy: 'category' | 'tag') =>
      db
        .prepare(
          `SELECT x.name, t.id FROM term_texts x JOIN terms t ON t.id = x.term_id
           WHERE t.taxonomy = ? ORDER BY t.id`,
        )
        .all(taxonomy) as NamedId[],
  };
}
