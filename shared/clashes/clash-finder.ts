/**
 * What counts as a clash, one rule for the server and the editor: two bookings of one venue
 * whose blocked times overlap. A booking blocks its own times widened by the venue's setup
 * (before) and teardown (after) buffers; an all-day booking blocks its whole days in the zone
 * given (the calendar's: a venue has no zone of its own). Drafts and pending events are holds,
 * counted when the calendar says so; the trash and a series' own row (its occurrences are the
 * bookings) never count. Pure: the server's store finds the candidates through an index, this
 * decides; the editor runs it over its replica.
 */
import { DateTime } from 'luxon';
import type { PostStatus } from '../schemas/common.ts';

/** A venue's rule for double bookings. */
export const BOOKING_RULES = ['warn', 'strict', 'off'] as const;
export type BookingRule = (typeof BOOKING_RULES)[number];

/** What a venue says about its bookings: buffers in minutes, and its rule. */
export type VenueBooking = { bufferBefore: number; bufferAfter: number; booking: BookingRule };

/** An event as a booking: its local and UTC times (`YYYY-MM-DD HH:MM:SS`) and status. */
export type Booking = {
  id: number | string;
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  allDay: boolean;
  /** The post status, or 'series' for a series' own row. */
  status: PostStatus | 'series';
};

/** How clashes are counted across the calendar. */
export type ClashCount = {
  /** Whether drafts and pending events hold their room (the calendar's setting). */
  holds: boolean;
  /** The zone whose days an all-day booking blocks. */
  zone: string;
};

/** A venue's settings as a record may hold them (older ones lack them): the defaults filled in. */
export const venueBooking = (venue: Partial<VenueBooking>): VenueBooking => ({
  bufferBefore: venue.bufferBefore ?? 0,
  bufferAfter: venue.bufferAfter ?? 0,
  booking: venue.booking ?? 'warn',
});

const MINUTE_MS = 60_000;
const HOLD_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending']);
const BOOKED_STATUSES: ReadonlySet<string> = new Set(['publish', 'future', 'private']);

/** Whether a booking of this status takes its room. */
export function bookingCounts(status: Booking['status'], holds: boolean): boolean {
  return BOOKED_STATUSES.has(status) || (holds && HOLD_STATUSES.has(status));
}

/**
 * A stored UTC time (`YYYY-MM-DD HH:MM:SS`) as milliseconds. Read by its digits: a year's
 * clashes view reads tens of thousands, and Date.parse of the ISO text took an eighth of it.
 */
function utcMs(text: string): number {
  // Date.UTC reads years 0–99 as 1900–1999: those few go through Date.parse.
  if (text.length !== 19 || text[10] !== ' ' || text.startsWith('00'))
    return Date.parse(`${text.replace(' ', 'T')}Z`);
  const part = (from: number, to: number) => Number(text.slice(from, to));
  return Date.UTC(
    part(0, 4),
    part(5, 7) - 1,
    part(8, 10),
    part(11, 13),
    part(14, 16),
    part(17, 19),
  );
}

const dayStarts = new Map<string, number>();
/** Midnight of a day (`YYYY-MM-DD`) in a zone, as UTC milliseconds. */
function dayStartMs(day: string, zone: string): number {
  const key = `${zone}|${day}`;
  let ms = dayStarts.get(key);
  if (ms === undefined) {
    if (dayStarts.size > 20_000) dayStarts.clear();
    ms = DateTime.fromISO(day, { zone }).startOf('day').toMillis();
    dayStarts.set(key, ms);
  }
  return ms;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The times a booking holds its venue (ms, end excluded): its own, or its days, plus buffers. */
export function blockedRange(
  booking: Booking,
  venue: VenueBooking,
  zone: string,
): { from: number; to: number } {
  const from = booking.allDay
    ? dayStartMs(booking.start.slice(0, 10), zone)
    : utcMs(booking.startUtc);
  const to = booking.allDay
    ? dayStartMs(nextDay(booking.end.slice(0, 10)), zone)
    : utcMs(booking.endUtc);
  return {
    from: from - venue.bufferBefore * MINUTE_MS,
    // A booking with no length still holds its instant (a millisecond of it).
    to: Math.max(to, from + 1) + venue.bufferAfter * MINUTE_MS,
  };
}

/** Whether two bookings of one venue clash (both counted, their blocked times overlapping). */
function clash(a: Booking, b: Booking, venue: VenueBooking, count: ClashCount): boolean {
  if (a.id === b.id) return false;
  if (!bookingCounts(a.status, count.holds) || !bookingCounts(b.status, count.holds)) return false;
  const x = blockedRange(a, venue, count.zone);
  const y = blockedRange(b, venue, count.zone);
  return overlap(x, y);
}

/** Whether two blocked ranges (end excluded) overlap. */
const overlap = (x: { from: number; to: number }, y: { from: number; to: number }) =>
  x.from < y.to && y.from < x.to;

/** The bookings among `others` that clash with `booking`, soonest first. */
export function clashesWith<B extends Booking>(
  booking: Booking,
  others: readonly B[],
  venue: VenueBooking,
  count: ClashCount,
): B[] {
  return others
    .filter((other) => clash(booking, other, venue, count))
    .sort(
      (a, b) => a.startUtc.localeCompare(b.startUtc) || String(a.id).localeCompare(String(b.id)),
    );
}

/**
 * Every clashing pair among one venue's bookings, by a sweep over their blocked ranges (n log n
 * plus the pairs): each pair once, the one that starts first (then the lower id) first.
 */
export function clashPairs<B extends Booking>(
  bookings: readonly B[],
  venue: VenueBooking,
  count: ClashCount,
): [B, B][] {
  const ranged = bookings
    .filter((booking) => bookingCounts(booking.status, count.holds))
    .map((booking) => ({ booking, ...blockedRange(booking, venue, count.zone) }))
    .sort((a, b) => a.from - b.from || String(a.booking.id).localeCompare(String(b.booking.id)));
  const pairs: [B, B][] = [];
  let open: typeof ranged = [];
  for (const next of ranged) {
    open = open.filter((held) => held.to > next.from);
    for (const held of open)
      if (held.booking.id !== next.booking.id) pairs.push([held.booking, next.booking]);
    open.push(next);
  }
  return pairs;
}
