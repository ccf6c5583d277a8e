/**
 * A venue as `tribe/events/v1` sends it (tec-rest-v1 §2.2): falsy values are dropped, then
 * show_map / show_map_link / global ids are added; plus our `language` and `translations`.
 */
import { z } from 'zod';
import { dateTimeSchema, postStatusSchema } from '../schemas/common.ts';
import { languageSchema } from '../languages.ts';
import { listEnvelopeShape, tecImageSchema } from './envelope.ts';

// Present only when non-empty, except in a redacted (password-protected) record, where TEC sends "".
const optionalText = z.string().optional();

export const tecVenueSchema = z.strictObject({
  id: z.int().positive(),
  author: z.string().regex(/^\d+$/).optional(),
  status: postStatusSchema,
  date: dateTimeSchema,
  date_utc: dateTimeSchema,
  modified: dateTimeSchema,
  modified_utc: dateTimeSchema,
  url: z.string(),
  venue: optionalText,
  description: optionalText,
  excerpt: optionalText,
  slug: optionalText,
  /** false only when redacted. */
  image: z.union([tecImageSchema, z.literal(false)]).optional(),
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
  /** null only when redacted for a password-protected venue (§2.6). */
  show_map: z.boolean().nullable(),
  show_map_link: z.boolean().nullable(),
  global_id: z.string(),
  global_id_lineage: z.array(z.string()),
  language: languageSchema,
  translations: z.array(languageSchema),
});

export type TecVenue = z.infer<typeof tecVenueSchema>;

export const tecVenueListSchema = z.strictObject({
  venues: z.array(tecVenueSchema),
  ...listEnvelopeShape,
});
