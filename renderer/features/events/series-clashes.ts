/**
 * The dates of a series, as the form stands, that would double-book its venue: listed before
 * Save, so a weekly series of a year with three clashes says which three. Each occurrence the
 * rule gives up to the horizon is checked against the venue's other bookings with the server's
 * own rule, in one sweep (clashPairs) rather than one search per date. The series' own stored
 * occurrences are left out: saving remakes them.
 */
import {
  clashPairs,
  type Booking,
  type ClashCount,
  type VenueBooking,
} from '#shared/clashes/clash-finder.ts';
import { slotEnd, wallDuration } from '#shared/series/recurrence.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';

/** What is known of the series being edited: its times, status and the slots of its rule. */
export type FormSeries = {
  slots: readonly string[];
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
  status: Booking['status'];
  /** Its stored occurrences' parent (none for a new series). */
  uuid: string | null;
};

/** One date of the series that clashes, with the bookings it clashes with, soonest first. */
type SlotClash<B> = { slot: Booking; with: B[] };

const SLOT = 'slot:';

export function seriesClashes<B extends Booking & { id: string; parentUuid: string | null }>(
  series: FormSeries,
  others: readonly B[],
  venue: VenueBooking,
  count: ClashCount,
): SlotClash<B>[] {
  const duration = wallDuration(series.start, series.end);
  const slots: Booking[] = series.slots.map((slot) => ({
    id: `${SLOT}${slot}`,
    ...eventTimesIn(slot, slotEnd(slot, duration), series.timezone, series.allDay),
    allDay: series.allDay,
    status: series.status,
  }));
  const kept = others.filter((other) => series.uuid === null || other.parentUuid !== series.uuid);
  const found = new Map<string, SlotClash<B>>();
  for (const pair of clashPairs<Booking>([...slots, ...kept], venue, count)) {
    const [slot, other] = isSlot(pair[0]) ? pair : [pair[1], pair[0]];
    // Two dates of the series itself (a long event repeated daily) are not a double booking.
    if (!isSlot(slot) || isSlot(other)) continue;
    const clash = found.get(String(slot.id)) ?? { slot, with: [] };
    clash.with.push(other as B);
    found.set(String(slot.id), clash);
  }
  return [...found.values()].sort((a, b) => a.slot.startUtc.localeCompare(b.slot.startUtc));
}

const isSlot = (booking: Booking) => String(booking.id).startsWith(SLOT);
