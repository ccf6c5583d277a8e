/**
 * Category and tag: terms, with their own id sequence. Categories nest through `parentUuid`;
 * links use uuids so records created offline can point at each other before they have ids.
 * Variants: TEC's create / update bodies and the list query of /categories and /tags.
 */
import { z } from 'zod';
import { recordMetaSchema, slugSchema } from './common.ts';
import { multilingualOf } from './multilingual.ts';
import {
  pagingParams,
  splitList,
  wpBoolean,
  wpInteger,
  wpNonEmptyString,
  wpPositiveInteger,
} from './wp-params.ts';

const TAXONOMIES = ['category', 'tag'] as const;
export const taxonomySchema = z.enum(TAXONOMIES);
export type Taxonomy = z.infer<typeof taxonomySchema>;

const termTextSchema = z.object({
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
  /**
   * The colour the calendar draws a category's events in (`#rrggbb`); '' lets the editor pick
   * one by the uuid. Marquee's own: TEC has none, so TEC answers leave it out.
   */
  color: z.union([
    z.literal(''),
    z.string().regex(/^#[0-9a-f]{6}$/, 'must be a colour like #1a7f5a'),
  ]),
});

export type Term = z.infer<typeof termSchema>;

/** A category id, or 0 for none; "" is refused, as TEC does. */
const parentRef = wpInteger.refine((id) => id >= 0, 'must be a category id (0 for none)');

/**
 * Body fields of `POST /categories` (and tags) and of updates. TEC refuses empty strings for
 * every field it is sent. `parent` is accepted for tags too, so the service can answer it with
 * WordPress's rest_taxonomy_not_hierarchical.
 */
const termWriteFields = z.object({
  name: wpNonEmptyString.pipe(text.name).meta({ description: 'The term’s name.' }),
  description: wpNonEmptyString
    .pipe(text.description)
    .meta({ description: 'The term’s description.' }),
  slug: wpNonEmptyString.pipe(z.string().max(200)).meta({
    description: 'The slug, cleaned into lower-case letters, digits and dashes.',
  }),
  parent: parentRef.meta({
    description: 'The parent category’s id (0 for none). Categories only.',
  }),
});

export const termCreateBodySchema = termWriteFields.partial().required({ name: true });
export const termUpdateBodySchema = termWriteFields.partial();

export type TermUpdateBody = z.infer<typeof termUpdateBodySchema>;

/** A CSV or array of term ids or slugs (each must exist; the service checks). */
const termRefs = z.preprocess(
  splitList,
  z.array(z.union([z.string().min(1), z.number()]).transform(String)).min(1),
);

export const termListQuerySchema = z.object({
  ...pagingParams,
  search: wpNonEmptyString.optional().meta({
    description: 'Terms whose name or slug contains this text.',
  }),
  include: termRefs.optional().meta({ description: 'Only these terms (ids or slugs).' }),
  exclude: termRefs.optional().meta({ description: 'All terms but these (ids or slugs).' }),
  order: wpNonEmptyString.optional().meta({
    description: 'asc for ascending order; anything else is descending.',
  }),
  orderby: wpNonEmptyString.optional().meta({
    description: 'What to sort by: name (the default), id, slug, count, description, parent…',
  }),
  hide_empty: wpBoolean.default(true).meta({
    description: 'Whether to leave out terms that no event uses.',
  }),
  /** Categories only; 0 lists top-level categories. */
  parent: parentRef.optional().meta({
    description: 'The children of this category (0: top-level categories). Categories only.',
  }),
  post: wpPositiveInteger.optional().meta({ description: 'The terms of this event (its id).' }),
  event: wpPositiveInteger.optional().meta({
    description: 'The terms of this event (its id); wins over post.',
  }),
  slug: wpNonEmptyString.optional().meta({ description: 'The term with this slug.' }),
});

export type TermListQuery = z.infer<typeof termListQuerySchema>;
