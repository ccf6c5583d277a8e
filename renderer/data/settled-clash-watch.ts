/**
 * The clash watch (clash-watch.ts) over the editor's replica, held still while a sync takes a
 * backlog page by page (a first sync, an import made elsewhere). Every such page touches nearly
 * every venue, so every group read its venues' bookings again after each page: a first sync of
 * 100,000 events in Chromium took four times as long, and a change made meanwhile waited seconds
 * to show. Held, the list stays as it was before the backlog, and is read once when it is in.
 */
import { liveQuery } from 'dexie';
import type { ClashCount } from '#shared/clashes/clash-finder.ts';
import type { Clash, ClashVenue } from './clash-list.ts';
import { watchClashes } from './clash-watch.ts';
import type { Replica } from './replica.ts';
import { catchingUp } from './sync/passes.ts';

/**
 * watchClashes over the replica, held while a sync is taking a backlog: `onHeld(true)` when
 * the list stops following the replica (it is as it was before the backlog), `onHeld(false)`
 * when it follows again, after one whole read. A backlog left half taken by a sync that
 * stopped (offline) does not hold the list: it shows what the replica has.
 */
export function watchSettledClashes(
  replica: Pick<Replica, 'db' | 'engine' | 'events'>,
  venues: readonly ClashVenue[],
  count: ClashCount,
  onList: (clashes: Clash[]) => void,
  onHeld: (held: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  let pulling: boolean | undefined;
  let syncing = true;
  let stop: (() => void) | undefined;
  let told: boolean | undefined;
  const follow = () => {
    if (pulling === undefined) return;
    const held = pulling && syncing;
    if (held) {
      stop?.();
      stop = undefined;
    } else {
      stop ??= watchClashes(replica.events.bookedAt, venues, count, onList, onError);
    }
    if (held !== told) onHeld((told = held));
  };
  const backlog = liveQuery(() => catchingUp(replica.db)).subscribe({
    next: (value) => {
      pulling = value;
      follow();
    },
    error: onError,
  });
  const status = replica.engine.subscribe((next) => {
    syncing = next.syncing;
    follow();
  });
  return () => {
    backlog.unsubscribe();
    status();
    stop?.();
  };
}
