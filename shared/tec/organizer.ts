/**
 * An organizer as `tribe/events/v1` sends it (tec-rest-v1 §2.3): falsy values dropped, then
 * global ids appended; no show_map keys and no rest_url. Plus `language` and `translations`.
 */
import { z } from 'zod';
import { dateTimeSchema, postStatusSchema } from '../schemas/common.ts';
import { languageSchema } from '../languages.ts';
import { listEnvelopeShape, tecImageSchema } from './envelope.ts';

// Present only when non-empty, except in a redacted (password-protected) record, where TEC sends "".
const optionalText = z.string().optional();

export const tecOrganizerSchema = z.strictObject({
  id: z.int().positive(),
  author: z.string().regex(/^\d+$/).optional(),
  status: postStatusSchema,
  date: dateTimeSchema,
  date_utc: dateTimeSchema,
  modified: dateTimeSchema,
  modified_utc: dateTimeSchema,
  url: z.string(),
  organizer: optionalText,
  description: optionalText,
  excerpt: optionalText,
  slug: optionalText,
  /** false only when redacted. */
  image: z.union([tecImageSchema, z.literal(false)]).optional(),
  phone: optionalText,
  website: optionalText,
  email: optionalText,
  json_ld: z.looseObject({ '@type': z.literal('Person') }).optional(),
  global_id: z.string(),
  global_id_lineage: z.array(z.string()),
  language: languageSchema,
  translations: z.array(languageSchema),
});

export type TecOrganizer = z.infer<typeof tecOrganizerSchema>;

export const tecOrganizerListSchema = z.strictObject({
  organizers: z.array(tecOrganizerSchema),
  ...listEnvelopeShape,
});
