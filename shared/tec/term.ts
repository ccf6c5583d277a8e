/**
 * A category or tag as `/categories` and `/tags` send it, plus `_links` on
 * single reads and writes, and our `language` and `translations`.
 */
import { z } from 'zod';
import { languageSchema } from '../languages.ts';
import { listEnvelopeShape } from './envelope.ts';

export const tecTermUrlsSchema = z.strictObject({
  self: z.string(),
  collection: z.string(),
  up: z.string().optional(),
});

export const tecTermSchema = z.strictObject({
  id: z.int().positive(),
  count: z.int().nonnegative(),
  description: z.string(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.enum(['tribe_events_cat', 'post_tag']),
  /** Categories only. */
  parent: z.int().nonnegative().optional(),
  meta: z.array(z.never()),
  url: z.string(),
  urls: tecTermUrlsSchema,
  language: languageSchema,
  translations: z.array(languageSchema),
  _links: z.record(z.string(), z.array(z.looseObject({ href: z.string() }))).optional(),
});

export type TecTerm = z.infer<typeof tecTermSchema>;

export const tecCategoryListSchema = z.strictObject({
  categories: z.array(tecTermSchema),
  ...listEnvelopeShape,
});
export const tecTagListSchema = z.strictObject({
  tags: z.array(tecTermSchema),
  ...listEnvelopeShape,
});
