/**
 * The calendar's current and future clashes, live from the replica: the header's count and the
 * clashes view read the same list, so they never disagree, and both follow an edit at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { currentClashes, type Clash } from '../../data/clash-list.ts';

/** A venue's buffers reach a day at most: an event that ended longer ago clashes no more. */
const LONGEST_BUFFER_MS = 24 * 60 * 60_000;

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The clashes (soonest first); undefined while the replica is read. */
export function useClashes(): Clash[] | undefined {
  const { records, events } = useReplica();
  const { timezone, clashHolds } = useCalendarSettings();
  return useLiveQuery(async () => {
    const now = Date.now();
    const [venues, booked] = await Promise.all([
      records.list('venue'),
      events.bookedFrom(utcText(now - LONGEST_BUFFER_MS)),
    ]);
    return currentClashes(booked, venues, { holds: clashHolds ?? true, zone: timezone }, now);
  }, [records, events, timezone, clashHolds]);
}
