/** A venue's row beside its post: its table, its columns, and how events link to it. */
import { VENUE_FLAGS, venueFlagEntries } from '#shared/kinds/venue-flags.ts';
import { VENUE_TEXT_DETAILS, type VenueDetails } from '#shared/schemas/venue.ts';
import { BOOKING_RULES, type BookingRule } from '#shared/clashes/clash-finder.ts';
import { textOf } from './sql.ts';
import type { LinkedPostTable } from './linked-posts.repo.ts';

const bookingRuleOf = (value: unknown): BookingRule =>
  BOOKING_RULES.find((rule) => rule === value) ?? 'warn';

export const venueTable: LinkedPostTable<VenueDetails> = {
  kind: 'venue',
  table: 'venues',
  columns: [
    ...VENUE_TEXT_DETAILS,
    'image_url',
    ...VENUE_FLAGS.map((flag) => flag.tec),
    'buffer_before',
    'buffer_after',
    'booking',
  ],
  searchColumns: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  toColumns: (venue) => [
    ...VENUE_TEXT_DETAILS.map((key) => venue[key]),
    venue.image,
    ...VENUE_FLAGS.map((flag) => Number(venue[flag.field])),
    venue.bufferBefore,
    venue.bufferAfter,
    venue.booking,
  ],
  fromRow: (row) => ({
    address: textOf(row.address),
    city: textOf(row.city),
    country: textOf(row.country),
    province: textOf(row.province),
    state: textOf(row.state),
    zip: textOf(row.zip),
    phone: textOf(row.phone),
    stateprovince: textOf(row.stateprovince),
    website: textOf(row.website),
    image: textOf(row.image_url),
    ...venueFlagEntries('field', (flag) => row[flag.tec] === 1),
    bufferBefore: Number(row.buffer_before ?? 0),
    bufferAfter: Number(row.buffer_after ?? 0),
    booking: bookingRuleOf(row.booking),
  }),
  linkedEvents: (post) =>
    `SELECT e.post_id AS event_id, e.start_utc FROM events e WHERE e.venue_id = ${post}`,
  linkedToEvent: 'SELECT venue_id FROM events WHERE post_id = ?',
};
