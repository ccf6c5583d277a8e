/**
 * 0021 — the clashes view's index: every booking by length class and start, holding what a
 * booking is (end, venue, status, series, local times, all-day), so a range of every venue is
 * one covering search per class. `events_bookings` leads with the venue, which suits one
 * venue's check and makes every venue's view 2,000 searches; the starts and ends indexes read
 * every event that ends after the range begins, the calendar's whole future. The expression is
 * BOOKING_CLASS, as in 0019 and the store's queries.
 */
import { BOOKING_CLASS } from '../booking-class.ts';

export const migration = {
  version: 21,
  name: 'booking-times',
  sql: `
CREATE INDEX events_booking_times ON events (${BOOKING_CLASS}, start_utc, end_utc, venue_id,
  status, parent_id, start_local, end_local, all_day) WHERE venue_id IS NOT NULL;
`,
};
