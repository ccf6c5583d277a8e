/**
 * The events that may book a venue at a time, found through the bookings index (migration
 * 0017): per length class, one range of starts. What the store finds is a superset; the shared
 * finder (shared/clashes/clash-finder.ts) decides which clash. Also a venue's buffers and rule.
 */
import { BOOKING_RULES, type Booking, type VenueBooking } from '#shared/clashes/clash-finder.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';
import { BOOKING_CLASS, BOOKING_CLASSES } from './booking-class.ts';

/** A booking as the store holds it: the event's id, its venue's, its series'. */
export type StoredBooking = Booking & {
  id: number;
  venueId: number;
  parentId: number | null;
};

type BookingRow = {
  post_id: number;
  venue_id: number;
  parent_id: number | null;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  all_day: number;
  status: string;
};

const MINUTE_MS = 60_000;
/** How far an all-day event's stored UTC times may be from its days in another zone. */
const ALL_DAY_SLACK_MINUTES = 27 * 60;

/**
 * Every length class's range of starts at one venue, in one statement: each class a search of
 * the bookings index, the classes one after another, each row with its class. Asked for every
 * event a pull or an import writes, so kept plain: with `ORDER BY … LIMIT` in each class SQLite
 * took 40 times longer (0.56 ms against 13 µs at 20k events; a hub's first sync twice as
 * long), so the soonest of each class are kept in JavaScript (`near`'s limit).
 */
const IN_CLASSES = BOOKING_CLASSES.map(
  ({ number }, index) => `SELECT ${number} AS class, post_id, venue_id, parent_id, start_local,
      end_local, start_utc, end_utc, all_day, status
    FROM events INDEXED BY events_bookings
    WHERE venue_id = ?1 AND ${BOOKING_CLASS} = ${number} AND start_utc >= ?${2 + 2 * index}
      AND start_utc < ?${3 + 2 * index} AND status NOT IN ('series', 'trash')`,
).join('\nUNION ALL\n');

/**
 * Every event at any venue that may reach a range: per length class, one range of starts in
 * the covering index of booking times (migration 0021), the classes one after another. The
 * caller keeps the venues it watches: a year at 2,000 venues is 18 searches, not 36,000, and
 * reads only the year's events, not every event that ends after the year begins.
 */
const AT_ANY_VENUE = BOOKING_CLASSES.map(
  ({ number }, index) => `SELECT post_id, venue_id, parent_id, start_local, end_local,
      start_utc, end_utc, all_day, status
    FROM events INDEXED BY events_booking_times
    WHERE venue_id IS NOT NULL AND ${BOOKING_CLASS} = ${number}
      AND start_utc >= ?${1 + 2 * index} AND start_utc < ?${2 + 2 * index}
      AND status NOT IN ('series', 'trash')`,
).join('\nUNION ALL\n');

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const bookingOf = (row: BookingRow): StoredBooking => ({
  id: row.post_id,
  venueId: row.venue_id,
  parentId: row.parent_id,
  start: row.start_local,
  end: row.end_local,
  startUtc: row.start_utc,
  endUtc: row.end_utc,
  allDay: row.all_day === 1,
  status: row.status as PostStatus | 'series',
});

/** What names a booking in a list of clashes: its titles by language, its times, its status. */
type BookingName = {
  id: number;
  title: Multilingual;
  venueId: number;
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
  status: string;
};

type NameRow = {
  post_id: number;
  venue_id: number | null;
  start_local: string;
  end_local: string;
  timezone: string;
  all_day: number;
  status: string;
  /** The titles by language, as a JSON object. */
  titles: string;
};

/**
 * The names of many events in one statement: a clashes view names thousands, and a whole
 * record each (texts, links, terms) cost it six times what the view itself does.
 */
const NAMES = `SELECT e.post_id, e.venue_id, e.start_local, e.end_local, e.timezone, e.all_day,
    p.status, (SELECT json_group_object(t.language, t.title) FROM post_texts t
      WHERE t.post_id = e.post_id AND t.title != '') AS titles
  FROM events e JOIN posts p ON p.id = e.post_id
  WHERE e.post_id IN (SELECT value FROM json_each(?))`;

type VenueRow = { buffer_before: number; buffer_after: number; booking: string };

const venueBookingOf = (row: VenueRow): VenueBooking => ({
  bufferBefore: row.buffer_before,
  bufferAfter: row.buffer_after,
  booking: BOOKING_RULES.find((rule) => rule === row.booking) ?? 'warn',
});

/** Each length class's range of starts that may reach [from, to): lowest and highest. */
function classRanges(from: number, to: number, widen: number): string[] {
  return BOOKING_CLASSES.flatMap(({ number, longest }) => {
    const slack = (widen + 1 + (number >= 10 ? ALL_DAY_SLACK_MINUTES : 0)) * MINUTE_MS;
    const lowest = longest === undefined ? '' : utcText(from - longest * MINUTE_MS - slack);
    return [lowest, utcText(to + slack)];
  });
}

export type BookingsRepo = ReturnType<typeof createBookingsRepo>;

export function createBookingsRepo(db: Database) {
  return {
    /** A venue's buffers and rule; undefined when no venue has the id. */
    venue(id: number): VenueBooking | undefined {
      const row = db
        .prepare('SELECT buffer_before, buffer_after, booking FROM venues WHERE post_id = ?')
        .get(id) as VenueRow | undefined;
      return row && venueBookingOf(row);
    },

    /** A venue's names by language (its post texts' titles). */
    venueNames(id: number): Multilingual {
      const rows = db
        .prepare("SELECT language, title FROM post_texts WHERE post_id = ? AND title != ''")
        .all(id) as { language: string; title: string }[];
      return Object.fromEntries(rows.map((row) => [row.language, row.title]));
    },

    /** Every venue whose rule is not off, with its buffers and rule, by id. */
    watchedVenues(): Map<number, VenueBooking> {
      const rows = db
        .prepare(
          `SELECT v.post_id, v.buffer_before, v.buffer_after, v.booking
           FROM venues v JOIN posts p ON p.id = v.post_id
           WHERE v.booking != 'off' AND p.status != 'trash' ORDER BY v.post_id`,
        )
        .all() as (VenueRow & { post_id: number })[];
      return new Map(rows.map((row) => [row.post_id, venueBookingOf(row)]));
    },

    /**
     * The untrashed events at a venue that may hold it within [from, to) (UTC ms, the
     * venue's buffers already counted in): those whose own times, widened by the buffers
     * `widen` (minutes) holds, can reach it. One index range per length class; `limit`: at
     * most this many of each class (the soonest), for a list that names a few.
     */
    near(venueId: number, from: number, to: number, widen: number, limit = -1): StoredBooking[] {
      const rows = db
        .prepare(IN_CLASSES)
        .all(venueId, ...classRanges(from, to, widen)) as (BookingRow & { class: number })[];
      if (limit < 0) return rows.map(bookingOf);
      const byClass = new Map<number, BookingRow[]>();
      for (const row of rows) {
        const found = byClass.get(row.class);
        if (found) found.push(row);
        else byClass.set(row.class, [row]);
      }
      return [...byClass.values()].flatMap((found) =>
        found
          .sort((a, b) => a.start_utc.localeCompare(b.start_utc))
          .slice(0, limit)
          .map(bookingOf),
      );
    },

    /** The names of the events `ids` (an id with no event is left out). */
    names(ids: readonly number[]): Map<number, BookingName> {
      const rows = ids.length === 0 ? [] : (db.prepare(NAMES).all(jsonList(ids)) as NameRow[]);
      return new Map(
        rows.map((row) => [
          row.post_id,
          {
            id: row.post_id,
            title: JSON.parse(row.titles) as Multilingual,
            venueId: row.venue_id ?? 0,
            start: row.start_local,
            end: row.end_local,
            timezone: row.timezone,
            allDay: row.all_day === 1,
            status: row.status,
          },
        ]),
      );
    },

    /**
     * `near` at every venue of `venues`, at once. `widen`: the widest buffers of those venues
     * (minutes).
     */
    nearAt(venues: ReadonlyMap<number, unknown>, from: number, to: number, widen: number) {
      const rows = db.prepare(AT_ANY_VENUE).all(...classRanges(from, to, widen)) as BookingRow[];
      return rows.filter((row) => venues.has(row.venue_id)).map(bookingOf);
    },
  };
}
