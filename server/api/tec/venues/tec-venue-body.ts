/** A TEC venue body's own keys: its name under `venue`, its details. */
import { venueFlagEntries } from '#shared/kinds/venue-flags.ts';
import {
  VENUE_TEXT_DETAILS,
  type VenueDetails,
  type VenueUpdateBody,
} from '#shared/schemas/venue.ts';
import { definedOnly, type TecBodyKeys } from '../linked-posts/tec-linked-post-body.ts';

const EDITABLE_DETAILS = [...VENUE_TEXT_DETAILS, 'image'] as const;

export const tecVenueBody: TecBodyKeys<VenueDetails, VenueUpdateBody> = {
  nameOf: (body) => body.venue,
  detailsPatchOf: (body) =>
    definedOnly({
      ...Object.fromEntries(EDITABLE_DETAILS.map((key) => [key, body[key]])),
      ...venueFlagEntries('field', (flag) => body[flag.tec]),
      bufferBefore: body.marquee_buffer_before,
      bufferAfter: body.marquee_buffer_after,
      booking: body.marquee_booking,
    }),
};
