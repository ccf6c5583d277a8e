/**
 * A venue as `tribe/events/v1` sends it: falsy values are dropped, then
 * show_map / show_map_link / global ids are added; plus our `language` and `translations`.
 */
import { z } from 'zod';
import { listEnvelopeShape } from './envelope.ts';
import { venueFlagEntries } from '../kinds/venue-flags.ts';
import {
  optionalText,
  tecIdentityShape,
  tecLanguageShape,
  tecLinkedPostHeadShape,
  tecLinkedPostTextsShape,
} from './post-fields.ts';

export const tecVenueSchema = z.strictObject({
  ...tecLinkedPostHeadShape,
  venue: optionalText,
  ...tecLinkedPostTextsShape,
  address: optionalText,
  city: optionalText,
  country: optionalText,
  province: optionalText,
  state: optionalText,
  zip: optionalText,
  phone: optionalText,
  website: optionalText,
  stateprovince: optionalText,
  json_ld: z.looseObject({ '@type': z.literal('Place') }).optional(),
  /** null only when redacted for a password-protected venue. */
  ...venueFlagEntries('tec', () => z.boolean().nullable()),
  ...tecIdentityShape,
  ...tecLanguageShape,
});

export type TecVenue = z.infer<typeof tecVenueSchema>;

export const tecVenueListSchema = z.strictObject({
  venues: z.array(tecVenueSchema),
  ...listEnvelopeShape,
});
