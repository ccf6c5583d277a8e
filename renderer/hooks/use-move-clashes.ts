/**
 * What a drag or resize would double-book: the events at the moved event's venue that its new
 * times clash with, by the shared rule over the replica (as the event form's note), and the
 * venue's rule. A strict venue's clash is refused here, before the replica takes it, with the
 * words of the server's `marquee_venue_busy`: a move the server would refuse on sync would only
 * jump back later. A clash the replica cannot see yet is still refused by the server on sync,
 * and that refusal is filed as a problem, with the move kept in it.
 */
import { useCallback } from 'react';
import {
  clashesWith,
  venueBooking,
  type BookingRule,
  type VenueBooking,
} from '#shared/clashes/clash-finder.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';
import { useCalendarSettings } from '../data/hooks.ts';
import { useReplica } from '../data/replica-context.ts';

/** A venue as a move's check needs it: its name (a record) and its settings. */
type ClashVenue = Record<string, unknown> & Partial<VenueBooking>;

/** The venue, its rule and the events the move would double-book it with. */
type MoveClash = { venue: ClashVenue; rule: BookingRule; others: CalendarEvent[] };

type Times = { start: string; end: string; allDay: boolean };

/** The clashes the event would have at `times` (none: undefined). */
export function useMoveClashes(): (
  event: CalendarEvent,
  times: Times,
) => Promise<MoveClash | undefined> {
  const { records, events } = useReplica();
  const { timezone, clashHolds } = useCalendarSettings();
  return useCallback(
    async (event, times) => {
      if (!event.venueUuid) return undefined;
      const venue = (await records.get('venue', event.venueUuid)) as ClashVenue | undefined;
      const rule = venue && venueBooking(venue);
      if (!venue || !rule || rule.booking === 'off') return undefined;
      const moved = {
        id: event.uuid,
        ...eventTimesIn(times.start, times.end, event.timezone, times.allDay),
        allDay: times.allDay,
        status: event.status,
      };
      const linked = await events.linkedTo('venueUuid', event.venueUuid);
      const bookings = linked.map((other) => ({ ...other, id: other.uuid }));
      const byUuid = new Map(linked.map((other) => [other.uuid, other]));
      const others = clashesWith(moved, bookings, rule, {
        holds: clashHolds ?? true,
        zone: timezone,
      }).map((other) => byUuid.get(other.id)!);
      return others.length ? { venue, rule: rule.booking, others } : undefined;
    },
    [records, events, timezone, clashHolds],
  );
}
