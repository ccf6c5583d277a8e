/**
 * An event another clashes with, as `marquee/v1` and `marquee_clashes` answer it: its id,
 * title, venue, its own local times and zone, and status.
 */
import type { ClashingEvent } from '../domain/bookings/bookings.service.ts';

export const clashJson = (clash: ClashingEvent) => ({
  id: clash.id,
  title: clash.title,
  venue: clash.venueId,
  start_date: clash.start,
  end_date: clash.end,
  timezone: clash.timezone,
  all_day: clash.allDay,
  status: clash.status,
});
