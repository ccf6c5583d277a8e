/**
 * The calendar's current and future clashes, live from the replica: the header's count and the
 * clashes view read the same list, so they never disagree, and both follow an edit at once.
 * Each venue is watched on its own (data/clash-watch.ts): an edit re-checks its venue only.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import type { Clash, ClashVenue } from '../../data/clash-list.ts';
import { watchClashes } from '../../data/clash-watch.ts';

/** The clashes (soonest first); undefined while the replica is read. */
export function useClashes(): Clash[] | undefined {
  const { records, events } = useReplica();
  const { timezone, clashHolds } = useCalendarSettings();
  // Only what the rule reads of each venue: renaming one must not read every venue again.
  const rules = useLiveQuery(
    async () =>
      JSON.stringify(
        (await records.list('venue')).map((venue) => {
          const { uuid, booking, bufferBefore, bufferAfter } = venue as ClashVenue;
          return { uuid, booking, bufferBefore, bufferAfter };
        }),
      ),
    [records],
  );
  const [clashes, setClashes] = useState<Clash[]>();
  const [failed, setFailed] = useState<{ error: unknown }>();
  useEffect(() => {
    if (rules === undefined) return;
    const venues = JSON.parse(rules) as ClashVenue[];
    const count = { holds: clashHolds ?? true, zone: timezone };
    return watchClashes(events.bookedAt, venues, count, setClashes, (error) =>
      setFailed({ error }),
    );
  }, [rules, events, timezone, clashHolds]);
  // As a live query's would be: the page's error boundary shows it.
  if (failed) throw failed.error;
  return clashes;
}
