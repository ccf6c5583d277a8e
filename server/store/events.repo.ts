/**
 * Events in the post kernel's store (post-records.repo.ts): their table (the `events` row, the
 * organizer and term links, read for a whole page at once: five queries whatever its size), and
 * what only events have: their lists, zones and series children.
 */
import { EVENT_FLAGS, flagEntries, type TecEventFlag } from '#shared/kinds/event-flags.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import type { Database, SqlValue } from './database.ts';
import { jsonList } from './sql.ts';
import {
  countEvents,
  keysAmong,
  pageOfEvents,
  selectEvents,
  startKeyOf,
  type EventFilter,
  type StartKey,
} from './event-list.sql.ts';
import { indexedMatches, type EventSearch } from './event-search.sql.ts';
import { createPostRecordsRepo, type PostTable } from './post-records.repo.ts';

/** An event as the server handles it: the shared record plus the integer ids of its links. */
export type StoredEvent = CalendarEvent & {
  venueId: number | null;
  organizerIds: number[];
  categoryIds: number[];
  tagIds: number[];
  parentId: number | null;
};

type EventRow = {
  post_id: number;
  start_local: string;
  end_local: string;
  timezone: string;
  start_utc: string;
  end_utc: string;
  all_day: number;
  cost: string;
  website: string | null;
  image_url: string;
} & Record<TecEventFlag, number> & {
    venue_id: number | null;
    parent_id: number | null;
    venue_uuid: string | null;
    parent_uuid: string | null;
    recurrence: string | null;
    recurrence_id: string | null;
  };

type LinkRow = { event_id: number; linked_id: number; uuid: string; taxonomy?: 'category' | 'tag' };

/** The listing status of a series' own row: no list asks for it (0008). */
const SERIES_LISTING_STATUS = 'series';

const COLUMNS = [
  'status',
  'start_local',
  'end_local',
  'timezone',
  'start_utc',
  'end_utc',
  'all_day',
  'cost',
  'website',
  'image_url',
  ...EVENT_FLAGS.map((flag) => flag.tec),
  'venue_id',
  'parent_id',
  'recurrence',
  'recurrence_id',
] as const;

const linkTable = (columns: string, clear: string, ids: (event: StoredEvent) => number[]) => ({
  columns,
  clear,
  valuesOf: (event: StoredEvent): SqlValue[][] =>
    [...new Set(ids(event))].map((id, position) => [event.id, id, position]),
});

function linksBy(db: Database, sql: string, list: string): Map<number, LinkRow[]> {
  const byEvent = new Map<number, LinkRow[]>();
  for (const row of db.prepare(sql).all(list) as LinkRow[]) {
    const links = byEvent.get(row.event_id) ?? [];
    links.push(row);
    byEvent.set(row.event_id, links);
  }
  return byEvent;
}

/** What makes an event a post of the kernel: its row, its links by id and uuid, its title. */
function eventTable(db: Database): PostTable<StoredEvent> {
  return {
    kind: 'event',
    table: 'events',
    columns: COLUMNS,
    toValues: (event) => [
      // What lists see: a series is listed through its occurrences (0008).
      event.recurrence ? SERIES_LISTING_STATUS : event.status,
      event.start,
      event.end,
      event.timezone,
      event.startUtc,
      event.endUtc,
      Number(event.allDay),
      event.cost,
      event.website,
      event.image,
      ...EVENT_FLAGS.map((flag) => Number(event[flag.field])),
      event.venueId,
      event.parentId,
      event.recurrence ? JSON.stringify(event.recurrence) : null,
      event.recurrenceId,
    ],
    selectRows: `SELECT e.*, v.uuid AS venue_uuid, pp.uuid AS parent_uuid FROM events e
      LEFT JOIN posts v ON v.id = e.venue_id LEFT JOIN posts pp ON pp.id = e.parent_id
      WHERE e.post_id IN (SELECT value FROM json_each(?))`,
    reader(list) {
      const organizers = linksBy(
        db,
        `SELECT eo.event_id, eo.organizer_id AS linked_id, p.uuid FROM event_organizers eo
         JOIN posts p ON p.id = eo.organizer_id WHERE eo.event_id IN (SELECT value FROM json_each(?))
         ORDER BY eo.event_id, eo.position`,
        list,
      );
      const terms = linksBy(
        db,
        `SELECT et.event_id, et.term_id AS linked_id, t.uuid, t.taxonomy FROM event_terms et
         JOIN terms t ON t.id = et.term_id WHERE et.event_id IN (SELECT value FROM json_each(?))
         ORDER BY et.event_id, et.position`,
        list,
      );
      return (values) => {
        const row = values as EventRow;
        const eventTerms = terms.get(row.post_id) ?? [];
        const ofTaxonomy = (taxonomy: 'category' | 'tag') =>
          eventTerms.filter((term) => term.taxonomy === taxonomy);
        const eventOrganizers = organizers.get(row.post_id) ?? [];
        return {
          start: row.start_local,
          end: row.end_local,
          timezone: row.timezone,
          startUtc: row.start_utc,
          endUtc: row.end_utc,
          allDay: row.all_day === 1,
          cost: row.cost,
          website: row.website,
          image: row.image_url,
          ...flagEntries('field', (flag) => row[flag.tec] === 1),
          venueUuid: row.venue_uuid,
          venueId: row.venue_id,
          organizerUuids: eventOrganizers.map((link) => link.uuid),
          organizerIds: eventOrganizers.map((link) => link.linked_id),
          categoryUuids: ofTaxonomy('category').map((link) => link.uuid),
          categoryIds: ofTaxonomy('category').map((link) => link.linked_id),
          tagUuids: ofTaxonomy('tag').map((link) => link.uuid),
          tagIds: ofTaxonomy('tag').map((link) => link.linked_id),
          parentUuid: row.parent_uuid,
          parentId: row.parent_id,
          recurrence: row.recurrence ? (JSON.parse(row.recurrence) as Recurrence) : null,
          recurrenceId: row.recurrence_id,
        };
      };
    },
    links: [
      linkTable(
        'event_organizers (event_id, organizer_id, position)',
        'DELETE FROM event_organizers WHERE event_id = ?',
        (event) => event.organizerIds,
      ),
      linkTable(
        'event_terms (event_id, term_id, position)',
        'DELETE FROM event_terms WHERE event_id = ?',
        (event) => [...event.categoryIds, ...event.tagIds],
      ),
    ],
  };
}

export type { EventFilter, StartKey };

export type EventsRepo = ReturnType<typeof createEventsRepo>;

export function createEventsRepo(db: Database) {
  return {
    ...createPostRecordsRepo(db, eventTable(db)),

    /** The zones the timed ones of these events are in (an ICS file's VTIMEZONEs). */
    timeZonesOf(ids: readonly number[]): string[] {
      const rows = db
        .prepare(
          'SELECT DISTINCT timezone FROM events WHERE all_day = 0 AND post_id IN (SELECT value FROM json_each(?))',
        )
        .all(jsonList(ids)) as { timezone: string }[];
      return rows.map((row) => row.timezone);
    },

    /** How many events there are, of every status. */
    countAll(): number {
      return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    },

    /** Up to `limit` event ids below `before`, highest first (a walk over every event). */
    idsBefore(before: number, limit: number): number[] {
      const rows = db
        .prepare('SELECT post_id FROM events WHERE post_id < ? ORDER BY post_id DESC LIMIT ?')
        .all(before, limit) as { post_id: number }[];
      return rows.map((row) => row.post_id);
    },

    /** Events whose parent (series) this event is. */
    childIds(id: number): number[] {
      const rows = db.prepare('SELECT post_id FROM events WHERE parent_id = ?').all(id) as {
        post_id: number;
      }[];
      return rows.map((row) => row.post_id);
    },

    /** Which of `ids` are occurrences of a series, and of which. */
    occurrenceSeries(ids: readonly number[]): { id: number; seriesId: number }[] {
      return db
        .prepare(
          `SELECT post_id AS id, parent_id AS seriesId FROM events
           WHERE recurrence_id IS NOT NULL AND parent_id IS NOT NULL
             AND post_id IN (SELECT value FROM json_each(?))`,
        )
        .all(jsonList(ids)) as { id: number; seriesId: number }[];
    },

    /** The occurrences of these series. */
    occurrenceIdsOf(seriesIds: readonly number[]): number[] {
      const rows = db
        .prepare(
          `SELECT post_id FROM events WHERE parent_id IN (SELECT value FROM json_each(?))
             AND recurrence_id IS NOT NULL`,
        )
        .all(jsonList(seriesIds)) as { post_id: number }[];
      return rows.map((row) => row.post_id);
    },

    /** Each series' last stored slot (its latest occurrence's RECURRENCE-ID). */
    lastSlots(): Map<number, string> {
      const rows = db
        .prepare(
          `SELECT parent_id AS id, MAX(recurrence_id) AS slot FROM events
           WHERE recurrence_id IS NOT NULL GROUP BY parent_id`,
        )
        .all() as { id: number; slot: string }[];
      return new Map(rows.map((row) => [row.id, row.slot]));
    },

    /** Every series (events with a rule). */
    seriesIds(): number[] {
      const rows = db.prepare('SELECT post_id FROM events WHERE recurrence IS NOT NULL').all() as {
        post_id: number;
      }[];
      return rows.map((row) => row.post_id);
    },

    /** Existing ids of a kind among `ids`. */
    existing(kind: 'venue' | 'organizer' | 'event', ids: readonly number[]): Set<number> {
      const rows = db
        // `+kind`: look the ids up by key; through the kind index it would read every event.
        .prepare('SELECT id FROM posts WHERE +kind = ? AND id IN (SELECT value FROM json_each(?))')
        .all(kind, jsonList(ids)) as { id: number }[];
      return new Set(rows.map((row) => row.id));
    },

    count: (filter: EventFilter) => countEvents(db, filter),
    page: (filter: EventFilter, page: { limit: number; offset: number }, total?: number) =>
      pageOfEvents(db, filter, page, total),
    select: (filter: EventFilter) => selectEvents(db, filter),
    indexedMatches: (search: EventSearch) => indexedMatches(db, search),
    keysAmong: (filter: EventFilter, ids: readonly number[]) => keysAmong(db, filter, ids),
    startKeyOf: (id: number) => startKeyOf(db, id),
  };
}
