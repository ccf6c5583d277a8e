/**
 * The clashes view's list: every pair of events that double-books a venue and whose clash has
 * not ended yet, by the shared rule (shared/clashes/clash-finder.ts) over the replica's events,
 * so it is the same list the server would give, offline and before a sync. Venues whose rule
 * is off are not looked at, as the server does not look there either. The printed programme
 * marks its events' clashes with the same rule.
 */
import {
  blockedRange,
  venueBooking,
  clashPairs,
  type ClashCount,
  type VenueBooking,
} from '#shared/clashes/clash-finder.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';

/** A venue as the list needs it: its uuid and its double-booking settings (absent: defaults). */
export type ClashVenue = { uuid: string } & Partial<VenueBooking>;

/** Each event's clashes among `events`: the other events it double-books its venue with. */
export function clashingWith(
  events: readonly CalendarEvent[],
  venues: readonly ClashVenue[],
  count: ClashCount,
): Map<string, CalendarEvent[]> {
  const others = new Map<string, CalendarEvent[]>();
  const add = (event: CalendarEvent, other: CalendarEvent) => {
    const found = others.get(event.uuid);
    if (found) found.push(other);
    else others.set(event.uuid, [other]);
  };
  for (const { first, second } of currentClashes(events, venues, count, -Infinity)) {
    add(first, second);
    add(second, first);
  }
  return others;
}

/** Two events that book one venue at once, and the time both hold it (UTC ms, end excluded). */
export type Clash = {
  venueUuid: string;
  first: CalendarEvent;
  second: CalendarEvent;
  from: number;
  to: number;
};

/**
 * The clashes among `events` (each event's own row, not a series' rule) at `venues` that still
 * hold at `now` (ms): soonest first, then by venue.
 */
export function currentClashes(
  events: readonly CalendarEvent[],
  venues: readonly ClashVenue[],
  count: ClashCount,
  now: number,
): Clash[] {
  const byVenue = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    if (!event.venueUuid || event.recurrence) continue;
    const list = byVenue.get(event.venueUuid) ?? [];
    list.push(event);
    byVenue.set(event.venueUuid, list);
  }
  const clashes: Clash[] = [];
  for (const venue of venues) {
    const rule = venueBooking(venue);
    const booked = byVenue.get(venue.uuid);
    if (rule.booking === 'off' || !booked) continue;
    const byUuid = new Map(booked.map((event) => [event.uuid, event]));
    const bookings = booked.map((event) => ({ ...event, id: event.uuid }));
    for (const [x, y] of clashPairs(bookings, rule, count)) {
      const a = blockedRange(x, rule, count.zone);
      const b = blockedRange(y, rule, count.zone);
      const to = Math.min(a.to, b.to);
      if (to <= now) continue;
      const [first, second] = [byUuid.get(x.id)!, byUuid.get(y.id)!];
      clashes.push({ venueUuid: venue.uuid, first, second, from: Math.max(a.from, b.from), to });
    }
  }
  return clashes.sort(soonestFirst);
}

const soonestFirst = (x: Clash, y: Clash) =>
  x.from - y.from || x.venueUuid.localeCompare(y.venueUuid);

/**
 * Lists of clashes, each as currentClashes gave it for some venues, as one list in its order:
 * for venues apart, the same list currentClashes gives for all of them at once (the sort is
 * stable, and each list is in order already).
 */
export function mergeClashes(lists: Iterable<readonly Clash[]>): Clash[] {
  const all: Clash[] = [];
  for (const list of lists) for (const clash of list) all.push(clash);
  return all.sort(soonestFirst);
}
