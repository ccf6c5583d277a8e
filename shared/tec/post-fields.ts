/**
 * Keys every TEC post record (event, venue, organizer) starts with, and the identity and
 * language keys it ends with.
 */
import { z } from 'zod';
import { languageSchema } from '../languages.ts';
import { dateTimeSchema, postStatusSchema } from '../schemas/common.ts';
import { tecImageSchema } from './envelope.ts';

export const tecPostDatesShape = {
  status: postStatusSchema,
  date: dateTimeSchema,
  date_utc: dateTimeSchema,
  modified: dateTimeSchema,
  modified_utc: dateTimeSchema,
  url: z.string(),
};

export const tecIdentityShape = {
  global_id: z.string(),
  global_id_lineage: z.array(z.string()),
};

export const tecLanguageShape = {
  language: languageSchema,
  translations: z.array(languageSchema),
};

/** Present only when non-empty, except in a redacted (password-protected) record, where TEC sends "". */
export const optionalText = z.string().optional();

/** Venue and organizer heads, up to the name (falsy keys are dropped, so most are optional). */
export const tecLinkedPostHeadShape = {
  id: z.int().positive(),
  author: z.string().regex(/^\d+$/).optional(),
  ...tecPostDatesShape,
};

/** After the name, in TEC's order. */
export const tecLinkedPostTextsShape = {
  description: optionalText,
  excerpt: optionalText,
  slug: optionalText,
  /** false only when redacted. */
  image: z.union([tecImageSchema, z.literal(false)]).optional(),
};
