/**
 * Venue: the base record (what the store keeps, the sync protocol carries and the Dexie replica
 * mirrors) and the variants derived from it: TEC's create / update bodies and list query.
 */
import { z } from 'zod';
import { postMetaSchema, slugSchema, urlOrEmptySchema } from './common.ts';
import { multilingualOf } from './multilingual.ts';
import { venueFlagEntries } from '../kinds/venue-flags.ts';
import { postWriteFields } from './post-write.ts';
import { wpInteger, wpNonEmptyString, wpTruthy } from './wp-params.ts';
import { BOOKING_RULES } from '../clashes/clash-finder.ts';

/** A buffer: up to a day, in whole minutes. */
const bufferMinutesSchema = z.int().min(0).max(1440);

/** Translatable fields, one language's value each. */
const venueTextSchema = z.object({
  name: z.string().trim().max(300),
  description: z.string().max(100_000),
  excerpt: z.string().max(10_000),
  slug: z.union([slugSchema, z.literal('')]),
});

/** Fields shared by every language. */
export const venueDetailsSchema = z.object({
  address: z.string().trim().max(500),
  city: z.string().trim().max(200),
  country: z.string().trim().max(200),
  province: z.string().trim().max(200),
  state: z.string().trim().max(200),
  zip: z.string().trim().max(50),
  phone: z.string().trim().max(100),
  stateprovince: z.string().trim().max(200),
  website: urlOrEmptySchema,
  /** Featured image URL ("" for none). */
  image: urlOrEmptySchema,
  ...venueFlagEntries('field', () => z.boolean()),
  /** Minutes the venue is held before each event (setup) and after it (teardown). */
  bufferBefore: bufferMinutesSchema,
  bufferAfter: bufferMinutesSchema,
  /** What a double booking does: warn (the default), strict (refused) or off (not looked for). */
  booking: z.enum(BOOKING_RULES),
});

/** The plain-text details of a venue, in TEC's order (also the store's column names). */
export const VENUE_TEXT_DETAILS = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'stateprovince',
  'website',
] as const satisfies readonly (keyof z.infer<typeof venueDetailsSchema>)[];

const text = venueTextSchema.shape;
const details = venueDetailsSchema.shape;

export const venueSchema = postMetaSchema.extend({
  name: multilingualOf(text.name),
  description: multilingualOf(text.description),
  excerpt: multilingualOf(text.excerpt),
  slug: multilingualOf(text.slug),
  ...details,
});

export type Venue = z.infer<typeof venueSchema>;
export type VenueDetails = z.infer<typeof venueDetailsSchema>;

/**
 * TEC's `stateprovince`: the one sent as such, else the state, else the province (TEC fills it
 * from whichever of the two the venue's form used). Every output of a venue's region reads it.
 */
export function venueStateProvince(
  venue: Pick<VenueDetails, 'stateprovince' | 'state' | 'province'>,
): string {
  return venue.stateprovince || venue.state || venue.province;
}

/** Body fields of `POST /venues` and of updates, with TEC's names and WordPress coercions. */
const venueWriteFields = z.object({
  venue: wpNonEmptyString.pipe(text.name).meta({ description: 'The venue’s name.' }),
  description: text.description.meta({ description: 'The venue’s description (HTML).' }),
  excerpt: text.excerpt.meta({ description: 'The venue’s excerpt.' }),
  ...postWriteFields,
  ...venueFlagEntries('tec', (flag) => wpTruthy.meta({ description: flag.about })),
  address: details.address.meta({ description: 'The street address.' }),
  city: details.city.meta({ description: 'The city.' }),
  country: details.country.meta({ description: 'The country.' }),
  province: details.province.meta({ description: 'The province (outside the United States).' }),
  state: details.state.meta({ description: 'The state (in the United States).' }),
  zip: details.zip.meta({ description: 'The postal code.' }),
  phone: details.phone.meta({ description: 'The phone number.' }),
  stateprovince: details.stateprovince.meta({
    description: 'The state or province; by default the state, else the province.',
  }),
  website: details.website.meta({ description: 'The venue’s website ("" for none).' }),
  image: details.image.meta({ description: 'The URL of the featured image ("" for none).' }),
  marquee_buffer_before: wpInteger.pipe(details.bufferBefore).meta({
    description: 'Minutes the venue is held before each event (setup). An extension of TEC.',
  }),
  marquee_buffer_after: wpInteger.pipe(details.bufferAfter).meta({
    description: 'Minutes the venue is held after each event (teardown). An extension of TEC.',
  }),
  marquee_booking: details.booking.meta({
    description:
      'What a double booking of the venue does: warn (the default), strict (refused with 409) or off. An extension of TEC.',
  }),
});

export const venueCreateBodySchema = venueWriteFields.partial().required({ venue: true });
export const venueUpdateBodySchema = venueWriteFields.partial();

export type VenueCreateBody = z.infer<typeof venueCreateBodySchema>;
export type VenueUpdateBody = z.infer<typeof venueUpdateBodySchema>;
