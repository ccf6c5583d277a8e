/**
 * 0019 — double bookings. A venue keeps its setup and teardown buffers (minutes) and its rule
 * for a clash (warn, strict, off). `events_bookings` finds the events at a venue that may
 * overlap a time in O(log n + the few found): an index on (venue, length class, start), where
 * the class (BOOKING_CLASS, the same expression in the store's queries) bounds how long an
 * event of it lasts, so each class is one range of starts: from the time asked for, less the
 * class's longest length, to its end. All-day events have classes of their own (their days
 * are read in the calendar's zone, not their stored UTC times). Events at no venue are left out.
 */
import { BOOKING_CLASS } from '../booking-class.ts';

export const migration = {
  version: 19,
  name: 'venue-bookings',
  sql: `
ALTER TABLE venues ADD COLUMN buffer_before INTEGER NOT NULL DEFAULT 0
  CHECK (buffer_before BETWEEN 0 AND 1440);
ALTER TABLE venues ADD COLUMN buffer_after INTEGER NOT NULL DEFAULT 0
  CHECK (buffer_after BETWEEN 0 AND 1440);
ALTER TABLE venues ADD COLUMN booking TEXT NOT NULL DEFAULT 'warn'
  CHECK (booking IN ('warn', 'strict', 'off'));
CREATE INDEX events_bookings ON events (venue_id, ${BOOKING_CLASS}, start_utc)
  WHERE venue_id IS NOT NULL;
`,
};
