/**
 * Double bookings: which events clash with one (the write command's check, and answers that
 * ask for `marquee_clashes`), a venue's busy times, and every clash of a range. The store finds
 * candidates through its bookings index; the shared finder decides (shared/clashes/), the
 * same rule the editor runs over its replica.
 */
import {
  blockedRange,
  bookingCounts,
  clashPairs,
  clashesWith,
  type ClashCount,
  type VenueBooking,
} from '#shared/clashes/clash-finder.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import { can } from '../../auth/capabilities.ts';
import type { BookingsRepo, StoredBooking } from '../../store/bookings.repo.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { DomainContext } from '../context.ts';
import { DomainError } from '../errors.ts';

/** An event another clashes with, as answers name it. */
export type ClashingEvent = {
  id: number;
  title: string;
  venueId: number;
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
  status: string;
};

/** How a write meets a strict venue. */
export type BookingWrite = {
  /** The writer said "book anyway" (honoured for those who may edit others' events). */
  anyway?: boolean;
  /** The other side already holds it (a peer's pull): never refused, only reported. */
  held?: boolean;
};

/** A venue's busy time: one event's blocked range, its buffers counted. */
type BusyTime = { from: string; to: string; event: ClashingEvent };

/** How far a venue's buffers widen what may reach a time (minutes). */
const widthOf = (venue: VenueBooking | undefined) =>
  venue ? venue.bufferBefore + venue.bufferAfter : 0;

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const utcMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** Double bookings, as the write command, the API and the peers ask about them. */
export type BookingsService = {
  /** The events that clash with an event as stored (a series: any occurrence), soonest first. */
  clashesOf(event: StoredEvent, context: DomainContext, limit?: number): ClashingEvent[];
  /** The write command's rule at strict venues: throws `marquee_venue_busy` on a clash. */
  enforce(
    event: StoredEvent,
    context: DomainContext,
    write: BookingWrite & { wholeSeries: boolean },
  ): void;
  /** A venue's busy times within [start, end) (UTC), soonest first. */
  busy(venueId: number, start: string, end: string, context: DomainContext): BusyTime[];
  /** Every clash whose shared time reaches into [start, end) (UTC), at one venue or all. */
  clashes(
    filter: { venue?: number; start: string; end: string },
    context: DomainContext,
  ): { venueId: number; events: [ClashingEvent, ClashingEvent] }[];
};

/** How many bookings near it are read for each clash a short list names. */
const CANDIDATES_PER_NAMED = 5;

export function createBookingsService(deps: {
  bookings: BookingsRepo;
  events: EventsRepo;
}): BookingsService {
  const { bookings, events } = deps;

  const countOf = (context: DomainContext): ClashCount => ({
    holds: context.settings.clashHolds,
    zone: context.settings.timezone,
  });

  function named(ids: readonly number[], context: DomainContext): Map<number, ClashingEvent> {
    const { language, settings } = context;
    const found = new Map<number, ClashingEvent>();
    for (const [id, name] of bookings.names([...new Set(ids)]))
      found.set(id, {
        ...name,
        title: pickTranslation(name.title, language, settings.defaultLanguage)?.value ?? '',
      });
    return found;
  }

  /** The bookings that clash with one at its venue (none at a venue whose rule is off). */
  function clashingBookings(
    booking: StoredBooking,
    venue: VenueBooking,
    context: DomainContext,
    candidates?: number,
  ): StoredBooking[] {
    if (venue.booking === 'off') return [];
    const count = countOf(context);
    const range = blockedRange(booking, venue, count.zone);
    const widen = venue.bufferBefore + venue.bufferAfter;
    const near = bookings.near(booking.venueId, range.from, range.to, widen, candidates);
    return clashesWith(booking, near, venue, count);
  }

  const bookingOf = (event: StoredEvent): StoredBooking | undefined =>
    event.venueId === null || event.recurrence
      ? undefined
      : {
          id: event.id,
          venueId: event.venueId,
          parentId: event.parentId,
          start: event.start,
          end: event.end,
          startUtc: event.startUtc,
          endUtc: event.endUtc,
          allDay: event.allDay,
          status: event.status,
        };

  /**
   * The bookings a stored event makes: its own, or a series' occurrences (also an
   * occurrence's, with `wholeSeries`: a write to its series).
   */
  function bookingsMadeBy(event: StoredEvent, wholeSeries: boolean): StoredBooking[] {
    const seriesId = event.recurrence
      ? event.id
      : wholeSeries && event.recurrenceId
        ? event.parentId
        : null;
    const made = seriesId === null ? [event] : events.getMany(events.childIds(seriesId));
    return made.map(bookingOf).filter((booking) => booking !== undefined);
  }

  /**
   * Every clash of what an event books: each of its bookings with the ones it clashes with
   * (`strictOnly`: at strict venues only, the others not even looked at).
   */
  function clashesOfEvent(
    event: StoredEvent,
    context: DomainContext,
    wholeSeries: boolean,
    strictOnly = false,
    candidates?: number,
  ) {
    const made = bookingsMadeBy(event, wholeSeries);
    const venues = new Map<number, VenueBooking | undefined>();
    const pairs: { booking: StoredBooking; others: StoredBooking[]; venue: VenueBooking }[] = [];
    for (const booking of made) {
      if (!venues.has(booking.venueId))
        venues.set(booking.venueId, bookings.venue(booking.venueId));
      const venue = venues.get(booking.venueId);
      if (!venue || (strictOnly && venue.booking !== 'strict')) continue;
      const others = clashingBookings(booking, venue, context, candidates);
      if (others.length > 0) pairs.push({ booking, others, venue });
    }
    return pairs;
  }

  return {
    /**
     * The events that clash with an event as stored (for a series, with any of its
     * occurrences), soonest first, each once.
     */
    clashesOf(event: StoredEvent, context: DomainContext, limit?: number): ClashingEvent[] {
      // A few named (an import's row, a pulled record) need not read every clash: at one busy
      // venue that is every event a big file brings, for each of its rows.
      const all = clashesOfEvent(
        event,
        context,
        false,
        false,
        limit && limit * CANDIDATES_PER_NAMED,
      );
      const ids = all.flatMap(({ others }) => others.map((other) => other.id));
      const found = named(limit === undefined ? ids : ids.slice(0, limit), context);
      return [...found.values()].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
    },

    /**
     * The write command's rule, inside its write (a refusal rolls it back): at a strict venue a
     * clash refuses the write with `marquee_venue_busy`, naming the other events, unless the
     * writer may and says to book anyway, or the other side already holds it.
     */
    enforce(
      event: StoredEvent,
      context: DomainContext,
      write: BookingWrite & { wholeSeries: boolean },
    ): void {
      if (write.held) return;
      if (write.anyway && context.actor && can.editOthers(context.actor)) return;
      // Warn and off venues are not looked at here: a write there never waits on its clashes
      // (an import of thousands of events at one venue would meet every one it already wrote).
      const strict = clashesOfEvent(event, context, write.wholeSeries, true);
      if (strict.length === 0) return;
      const ids = strict.flatMap(({ others }) => others.map((other) => other.id));
      const found = [...named(ids, context).values()];
      const venueName = pickTranslation(
        bookings.venueNames(strict[0]!.booking.venueId),
        context.language,
        context.settings.defaultLanguage,
      )?.value;
      const first = found[0]!;
      const when = `${first.start.slice(0, 16)}–${first.end.slice(0, 16)}`;
      throw new DomainError(
        'marquee_venue_busy',
        `${venueName || 'The venue'} is booked ${when} by ${first.title || `event ${first.id}`}` +
          (found.length > 1 ? ` and ${found.length - 1} more` : '') +
          '. Choose another time or venue, or book anyway (marquee_book_anyway).',
        {
          venue: strict[0]!.booking.venueId,
          clashes: found.map((other) => ({
            id: other.id,
            title: other.title,
            start: other.start,
            end: other.end,
            timezone: other.timezone,
          })),
        },
      );
    },

    /** A venue's busy times within [start, end) (UTC), its buffers counted, soonest first. */
    busy(venueId: number, start: string, end: string, context: DomainContext): BusyTime[] {
      const venue = bookings.venue(venueId);
      if (!venue) throw new DomainError('venue-not-accessible', 'The venue does not exist.');
      const count = countOf(context);
      const from = utcMs(start);
      const to = utcMs(end);
      const widen = venue.bufferBefore + venue.bufferAfter;
      const held = bookings
        .near(venueId, from, to, widen)
        .filter((booking) => bookingCounts(booking.status, count.holds))
        .map((booking) => ({ booking, range: blockedRange(booking, venue, count.zone) }))
        .filter(({ range }) => range.from < to && from < range.to)
        .sort((a, b) => a.range.from - b.range.from || a.booking.id - b.booking.id);
      const names = named(
        held.map(({ booking }) => booking.id),
        context,
      );
      return held.map(({ booking, range }) => ({
        from: utcText(range.from),
        to: utcText(range.to),
        event: names.get(booking.id)!,
      }));
    },

    /**
     * Every clash whose shared time reaches into [start, end) (UTC), at one venue or every
     * venue whose rule is not off: pairs, the one that starts first first.
     */
    clashes(
      filter: { venue?: number; start: string; end: string },
      context: DomainContext,
    ): { venueId: number; events: [ClashingEvent, ClashingEvent] }[] {
      const count = countOf(context);
      const [from, to] = [utcMs(filter.start), utcMs(filter.end)];
      const watched =
        filter.venue === undefined
          ? bookings.watchedVenues()
          : new Map([[filter.venue, bookings.venue(filter.venue)]]);
      const venues = new Map([...watched].filter(([, venue]) => venue && venue.booking !== 'off'));
      const widen = Math.max(0, ...[...venues.values()].map(widthOf));
      // Every venue in one pass (a calendar of 2,000 venues is not 2,000 searches), or one.
      const near =
        filter.venue === undefined
          ? bookings.nearAt(venues, from, to, widen)
          : venues.size > 0
            ? bookings.near(filter.venue, from, to, widen)
            : [];
      const byVenue = new Map<number, StoredBooking[]>();
      for (const booking of near) {
        const atVenue = byVenue.get(booking.venueId);
        if (atVenue) atVenue.push(booking);
        else byVenue.set(booking.venueId, [booking]);
      }
      const found: { venueId: number; pair: [StoredBooking, StoredBooking] }[] = [];
      for (const [venueId, venue] of venues)
        for (const pair of clashPairs(byVenue.get(venueId) ?? [], venue!, count)) {
          // The time both hold the venue must reach into the range, whatever else was read.
          const [a, b] = pair.map((booking) => blockedRange(booking, venue!, count.zone));
          if (Math.max(a!.from, b!.from) < to && from < Math.min(a!.to, b!.to))
            found.push({ venueId, pair });
        }
      const names = named(
        found.flatMap(({ pair }) => pair.map((booking) => booking.id)),
        context,
      );
      return found.map(({ venueId, pair }) => ({
        venueId,
        events: [names.get(pair[0].id)!, names.get(pair[1].id)!],
      }));
    },
  };
}
