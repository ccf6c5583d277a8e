/**
 * The clashes ahead at every venue, kept current a few venues at a time: the venues whose rule
 * is not off are dealt into at most GROUPS groups, each watched by one live query over its
 * venues' bookings from a day ago on (the longest buffer). Dexie re-runs a live query only for
 * a change within the index ranges it read, so an edit re-reads and re-checks its own venue's
 * group, not every event ahead. The whole list is the groups' lists merged, in currentClashes'
 * order (clash-list.ts).
 */
import { liveQuery, type Subscription } from 'dexie';
import { venueBooking, type ClashCount } from '#shared/clashes/clash-finder.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { currentClashes, mergeClashes, type Clash, type ClashVenue } from './clash-list.ts';

/**
 * How many live queries watch the venues: one each up to this many venues, then groups. Each
 * query costs every write a check; each group costs a change at one of its venues a read of all.
 */
const GROUPS = 100;

/** A venue's buffers reach a day at most: an event that ended longer ago clashes no more. */
const LONGEST_BUFFER_MS = 24 * 60 * 60_000;

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

type BookedAt = (venueUuid: string, fromUtc: string) => Promise<CalendarEvent[]>;

/** The venues dealt into `count` groups, in turn (a group's venues are far apart in the list). */
function dealt<T>(items: readonly T[], count: number): T[][] {
  const groups = Array.from({ length: Math.min(count, items.length) }, (): T[] => []);
  items.forEach((item, n) => groups[n % groups.length]!.push(item));
  return groups;
}

/**
 * Calls `onList` with every clash ahead once each venue has been read, then after each change
 * of a venue's bookings; answers how to stop.
 */
export function watchClashes(
  bookedAt: BookedAt,
  venues: readonly ClashVenue[],
  count: ClashCount,
  onList: (clashes: Clash[]) => void,
  onError: (error: unknown) => void,
): () => void {
  const groups = dealt(
    venues.filter((venue) => venueBooking(venue).booking !== 'off'),
    GROUPS,
  );
  if (groups.length === 0) onList([]);
  const byGroup = new Map<number, Clash[]>();
  const subscriptions: Subscription[] = [];
  let stopped = false;
  // The groups start one after another, each once the last has answered: all at once, their
  // reads (every venue's bookings) would all be queued before a sync's next write, which
  // IndexedDB makes wait for them; one at a time, it waits for one group's.
  const watch = (n: number) => {
    if (stopped || n >= groups.length) return;
    const group = groups[n]!;
    subscriptions.push(
      liveQuery(async () => {
        const now = Date.now();
        const from = utcText(now - LONGEST_BUFFER_MS);
        const booked = await Promise.all(group.map((venue) => bookedAt(venue.uuid, from)));
        return mergeClashes(
          group.map((venue, at) => currentClashes(booked[at]!, [venue], count, now)),
        );
      }).subscribe({
        next: (clashes) => {
          const first = !byGroup.has(n);
          byGroup.set(n, clashes);
          if (byGroup.size === groups.length) onList(mergeClashes(byGroup.values()));
          if (first) watch(n + 1);
        },
        error: onError,
      }),
    );
  };
  watch(0);
  return () => {
    stopped = true;
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
