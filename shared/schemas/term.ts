/**
 * Category and tag: terms, with their own id sequence. Categories nest through `parentUuid`;
 * links use uuids so records created offline can point at each other before they have ids.
 */
import { z } from 'zod';
import { recordMetaSchema, slugSchema } from './common.ts';
import { multilingualOf } from './multilingual.ts';

export const TAXONOMIES = ['category', 'tag'] as const;
export const taxonomySchema = z.enum(TAXONOMIES);
export type Taxonomy = z.infer<typeof taxonomySchema>;

export const termTextSchema = z.object({
  name: z.string().trim().max(200),
  description: z.string().max(10_000),
  slug: z.union([slugSchema, z.literal('')]),
});

const text = termTextSchema.shape;

export const termSchema = recordMetaSchema.extend({
  taxonomy: taxonomySchema,
  name: multilingualOf(text.name),
  description: multilingualOf(text.description),
  slug: multilingualOf(text.slug),
  /** Categories only; always null for tags. */
  parentUuid: z.uuid().nullable(),
});

export type Term = z.infer<typeof termSchema>;
