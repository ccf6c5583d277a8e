/**
 * SQL for events: the `events` row beside its `posts` row and texts, plus organizer and term
 * links. A page of events loads in five queries whatever its size; lists return ids and a total.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import type { Database, SqlValue } from '../../store/database.ts';
import { insertRows, jsonList } from '../../store/sql.ts';
import { listEvents, type EventFilter } from './event-list.sql.ts';
import { postMetaOf, postRowOf, type PostsRepo } from '../posts/posts.repo.ts';

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
  show_map: number;
  show_map_link: number;
  hide_from_listings: number;
  sticky: number;
  featured: number;
  venue_id: number | null;
  parent_id: number | null;
  venue_uuid: string | null;
  parent_uuid: string | null;
};

type LinkRow = { event_id: number; linked_id: number; uuid: string; taxonomy?: 'category' | 'tag' };

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
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'venue_id',
  'parent_id',
] as const;

const EVENT_COLUMNS = `events (post_id, ${COLUMNS.join(', ')})`;

const UPSERT = `INSERT INTO ${EVENT_COLUMNS} VALUES (?, ${COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (post_id) DO UPDATE SET ${COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`;

/** An event's `events` row in (post_id, COLUMNS) order. */
function eventValues(event: StoredEvent): SqlValue[] {
  return [
    event.id,
    event.status,
    event.start,
    event.end,
    event.timezone,
    event.startUtc,
    event.endUtc,
    Number(event.allDay),
    event.cost,
    event.website,
    event.image,
    Number(event.showMap),
    Number(event.showMapLink),
    Number(event.hideFromListings),
    Number(event.sticky),
    Number(event.featured),
    event.venueId,
    event.parentId,
  ];
}

const ORGANIZER_COLUMNS = 'event_organizers (event_id, organizer_id, position)';
const TERM_COLUMNS = 'event_terms (event_id, term_id, position)';

const organizerValues = (event: StoredEvent): SqlValue[][] =>
  [...new Set(event.organizerIds)].map((id, position) => [event.id, id, position]);

const termValues = (event: StoredEvent): SqlValue[][] =>
  [...new Set([...event.categoryIds, ...event.tagIds])].map((id, position) => [
    event.id,
    id,
    position,
  ]);

export type { EventFilter };

export type EventsRepo = ReturnType<typeof createEventsRepo>;

export function createEventsRepo(db: Database, posts: PostsRepo) {
  function links(sql: string, ids: string): Map<number, LinkRow[]> {
    const byEvent = new Map<number, LinkRow[]>();
    for (const row of db.prepare(sql).all(ids) as LinkRow[]) {
      const list = byEvent.get(row.event_id) ?? [];
      list.push(row);
      byEvent.set(row.event_id, list);
    }
    return byEvent;
  }

  function getMany(ids: readonly number[]): StoredEvent[] {
    if (ids.length === 0) return [];
    const list = jsonList(ids);
    const postRows = posts.getRows(ids);
    const texts = posts.getTexts(ids);
    const rows = db
      .prepare(
        `SELECT e.*, v.uuid AS venue_uuid, pp.uuid AS parent_uuid FROM events e
         LEFT JOIN posts v ON v.id = e.venue_id LEFT JOIN posts pp ON pp.id = e.parent_id
         WHERE e.post_id IN (SELECT value FROM json_each(?))`,
      )
      .all(list) as EventRow[];
    const organizers = links(
      `SELECT eo.event_id, eo.organizer_id AS linked_id, p.uuid FROM event_organizers eo
       JOIN posts p ON p.id = eo.organizer_id WHERE eo.event_id IN (SELECT value FROM json_each(?))
       ORDER BY eo.event_id, eo.position`,
      list,
    );
    const terms = links(
      `SELECT et.event_id, et.term_id AS linked_id, t.uuid, t.taxonomy FROM event_terms et
       JOIN terms t ON t.id = et.term_id WHERE et.event_id IN (SELECT value FROM json_each(?))
       ORDER BY et.event_id, et.position`,
      list,
    );
    const byId = new Map(rows.map((row) => [row.post_id, row]));
    return ids.flatMap((id) => {
      const post = postRows.get(id);
      const row = byId.get(id);
      if (!post || !row) return [];
      const text = texts.get(id) ?? { title: {}, description: {}, excerpt: {}, slug: {} };
      const eventTerms = terms.get(id) ?? [];
      const ofTaxonomy = (taxonomy: 'category' | 'tag') =>
        eventTerms.filter((term) => term.taxonomy === taxonomy);
      const eventOrganizers = organizers.get(id) ?? [];
      const event: StoredEvent = {
        ...postMetaOf(post),
        ...text,
        start: row.start_local,
        end: row.end_local,
        timezone: row.timezone,
        startUtc: row.start_utc,
        endUtc: row.end_utc,
        allDay: row.all_day === 1,
        cost: row.cost,
        website: row.website,
        image: row.image_url,
        showMap: row.show_map === 1,
        showMapLink: row.show_map_link === 1,
        hideFromListings: row.hide_from_listings === 1,
        sticky: row.sticky === 1,
        featured: row.featured === 1,
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
      };
      return [event];
    });
  }

  /** `fresh`: a new event, with no texts or links to replace. */
  function write(event: StoredEvent, fresh = false): void {
    db.prepare(UPSERT).run(...eventValues(event));
    posts.setTexts(event.id, 'event', event, fresh);
    if (!fresh) db.prepare('DELETE FROM event_organizers WHERE event_id = ?').run(event.id);
    const organizer = db.prepare(`INSERT INTO ${ORGANIZER_COLUMNS} VALUES (?, ?, ?)`);
    for (const values of organizerValues(event)) organizer.run(...values);
    if (!fresh) db.prepare('DELETE FROM event_terms WHERE event_id = ?').run(event.id);
    const term = db.prepare(`INSERT INTO ${TERM_COLUMNS} VALUES (?, ?, ?)`);
    for (const values of termValues(event)) term.run(...values);
  }

  return {
    getMany,
    get: (id: number): StoredEvent | undefined => getMany([id])[0],

    /**
     * Stores a new event (with `event.id` when set, as a restore does). A new record has every
     * field (translatable ones in the languages it has), so its stamps need no read.
     */
    insert(event: StoredEvent): number {
      const id = posts.insert(
        'event',
        postRowOf(event),
        changedFieldKeys('event', undefined, event),
      );
      write({ ...event, id }, true);
      return id;
    },

    /** New events with their ids set, in multi-row statements (bulk loads). */
    insertMany(list: readonly StoredEvent[]): void {
      posts.insertMany(
        'event',
        list.map((event) => ({
          row: postRowOf(event),
          fields: changedFieldKeys('event', undefined, event),
          texts: event,
        })),
      );
      insertRows(db, EVENT_COLUMNS, list.map(eventValues));
      insertRows(db, ORGANIZER_COLUMNS, list.flatMap(organizerValues));
      insertRows(db, TERM_COLUMNS, list.flatMap(termValues));
    },

    /**
     * Stores a changed event; `before`: the event as stored, whose fields it stamps with the
     * revision where they differ. The answer is the event as given: nothing is read back.
     */
    update(event: StoredEvent, before: StoredEvent): StoredEvent {
      posts.update(postRowOf(event));
      write(event);
      posts.stampFields(event.id, changedFieldKeys('event', before, event), event.rev);
      return event;
    },

    /** The zones the timed ones of these events are in (an ICS file's VTIMEZONEs). */
    timeZonesOf(ids: readonly number[]): string[] {
      const rows = db
        .prepare(
          'SELECT DISTINCT timezone FROM events WHERE all_day = 0 AND post_id IN (SELECT value FROM json_each(?))',
        )
        .all(jsonList(ids)) as { timezone: string }[];
      return rows.map((row) => row.timezone);
    },

    /** Events whose parent (series) this event is. */
    childIds(id: number): number[] {
      const rows = db.prepare('SELECT post_id FROM events WHERE parent_id = ?').all(id) as {
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

    list: (filter: EventFilter) => listEvents(db, filter),
  };
}
