/**
 * What an import reads once at its start to match a file against the calendar: events by
 * kept UID, uuid and title + start, and the names of venues, organizers and terms. Where a
 * key can repeat, the oldest record is the one to match: event rows come newest first (a Map
 * built from them keeps the last), name rows oldest first (their reader keeps the first).
 */
import type { Database } from './database.ts';

export type NamedId = { name: string; id: number };

/** A venue as an import matches a file's address against it. */
export type StoredVenue = {
  id: number;
  name: string;
  address: string;
  city: string;
  region: string;
  zip: string;
  country: string;
};

type EventTitleRow = {
  title: string;
  start_local: string;
  all_day: number;
  post_id: number;
};

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

    /** The occurrence a series has at a slot (trashed ones too), if stored. */
    occurrenceAt: (seriesId: number, slot: string) =>
      (
        db
          .prepare('SELECT post_id FROM events WHERE parent_id = ? AND recurrence_id = ?')
          .get(seriesId, slot) as { post_id: number } | undefined
      )?.post_id,

    /**
     * The occurrences an import made events of their own, before it made series (or for a rule
     * a series cannot hold): children of the event holding the rule, with their series' UID.
     */
    expandedOccurrences: (id: number) =>
      (
        db
          .prepare(
            `SELECT e.post_id FROM events e JOIN event_ical i ON i.post_id = e.post_id
             WHERE e.parent_id = ? AND e.recurrence_id IS NULL AND i.series_uid IS NOT NULL`,
          )
          .all(id) as { post_id: number }[]
      ).map((row) => row.post_id),

    /** A series' occurrences. */
    occurrencesOf: (seriesId: number) =>
      (
        db
          .prepare('SELECT post_id FROM events WHERE parent_id = ? AND recurrence_id IS NOT NULL')
          .all(seriesId) as { post_id: number }[]
      ).map((row) => row.post_id),

    /** The slots of a series' occurrences in the trash: ICS exports write them as EXDATEs. */
    trashedSlots: (seriesId: number) =>
      (
        db
          .prepare(
            `SELECT e.recurrence_id AS slot FROM events e JOIN posts p ON p.id = e.post_id
             WHERE e.parent_id = ? AND e.recurrence_id IS NOT NULL AND p.status = 'trash'`,
          )
          .all(seriesId) as { slot: string }[]
      ).map((row) => row.slot),

    /** Untrashed venues' or organizers' names (every language), the oldest first. */
    postNames: (kind: 'venue' | 'organizer') =>
      db
        .prepare(
          `SELECT t.title AS name, p.id FROM post_texts t JOIN posts p ON p.id = t.post_id
           WHERE p.kind = ? AND p.status <> 'trash' ORDER BY p.id`,
        )
        .all(kind) as NamedId[],

    /** Untrashed venues by each name (every language) with their addresses, the oldest first. */
    venueAddresses: () =>
      db
        .prepare(
          `SELECT p.id, t.title AS name, v.address, v.city,
             COALESCE(NULLIF(v.stateprovince, ''), NULLIF(v.state, ''), v.province) AS region,
             v.zip, v.country
           FROM venues v JOIN posts p ON p.id = v.post_id JOIN post_texts t ON t.post_id = p.id
           WHERE p.status <> 'trash' ORDER BY p.id`,
        )
        .all() as StoredVenue[],

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
