/**
 * Organizer: the base record. TEC wire variants arrive with the organizer endpoints (#3),
 * derived the same way as the venue ones.
 */
import { z } from 'zod';
import { postMetaSchema, slugSchema, urlOrEmptySchema } from './common.ts';
import { multilingualOf } from './multilingual.ts';

export const organizerTextSchema = z.object({
  name: z.string().trim().max(300),
  description: z.string().max(100_000),
  excerpt: z.string().max(10_000),
  slug: z.union([slugSchema, z.literal('')]),
});

export const organizerDetailsSchema = z.object({
  phone: z.string().trim().max(100),
  website: urlOrEmptySchema,
  /** TEC does not check the format of organizer emails; neither do we. */
  email: z.string().trim().max(320),
  image: urlOrEmptySchema,
});

const text = organizerTextSchema.shape;

export const organizerSchema = postMetaSchema.extend({
  name: multilingualOf(text.name),
  description: multilingualOf(text.description),
  excerpt: multilingualOf(text.excerpt),
  slug: multilingualOf(text.slug),
  ...organizerDetailsSchema.shape,
});

export type Organizer = z.infer<typeof organizerSchema>;
