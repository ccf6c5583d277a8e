/**
 * The calendar's current and future clashes, live from the replica: the header's count and the
 * clashes view read the same list, so they never disagree, and both follow an edit at once.
 * Each venue is watched on its own (data/clash-watch.ts): an edit re-checks its venue only.
 * While a sync takes a backlog the list holds still (`held`), and is checked again once it is in.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import type { Clash, ClashVenue } from '../../data/clash-list.ts';
import { watchSettledClashes } from '../../data/settled-clash-watch.ts';

/** The clashes (soonest first; undefined before the first read) and whether they are held. */
export function useClashes(): { clashes: Clash[] | undefined; held: boolean } {
  const replica = useReplica();
  const { records } = replica;
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
  const [held, setHeld] = useState(false);
  const [failed, setFailed] = useState<{ error: unknown }>();
  useEffect(() => {
    if (rules === undefined) return;
    const venues = JSON.parse(rules) as ClashVenue[];
    const count = { holds: clashHolds ?? true, zone: timezone };
    return watchSettledClashes(replica, venues, count, setClashes, setHeld, (error) =>
      setFailed({ error }),
    );
  }, [rules, replica, timezone, clashHolds]);
  // As a live query's would be: the page's error boundary shows it.
  if (failed) throw failed.error;
  return { clashes, held };
}
