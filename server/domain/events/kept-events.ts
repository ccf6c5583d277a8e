/**
 * Events as read for answers, kept between requests: a signed-in read of one event
 * loaded its record again each time (five queries, about a fifth of the request). They are kept
 * until a change, and through a change that wrote only a few other events (as list selections
 * and events' JSON are: list-selections.ts). Writes read the event afresh (the kernel's find).
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import { forgetEventWrites, perChange } from '../per-change.ts';

/** Events kept at once. */
const MAX_KEPT = 1000;

export function createKeptEvents(
  changes: Pick<ChangeLog, 'latest' | 'eventsTouchedSince'>,
  find: (id: number) => StoredEvent,
): (id: number) => StoredEvent {
  const kept = perChange<StoredEvent>(() => changes.latest(), MAX_KEPT, undefined, {
    carry: forgetEventWrites(changes),
  });
  return (id) => kept.get(String(id), () => find(id));
}
