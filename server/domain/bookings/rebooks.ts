/**
 * Whether a write changed what an event books: its times, venue, status or rule. A strict
 * venue checks only such writes, so an event already clashing (booked anyway) still takes
 * edits to its texts.
 */
import type { StoredEvent } from '../../store/events.repo.ts';

export function rebooks(before: StoredEvent, after: StoredEvent): boolean {
  return (
    before.id !== after.id ||
    before.startUtc !== after.startUtc ||
    before.endUtc !== after.endUtc ||
    before.allDay !== after.allDay ||
    before.venueId !== after.venueId ||
    before.status !== after.status ||
    JSON.stringify(before.recurrence) !== JSON.stringify(after.recurrence)
  );
}
