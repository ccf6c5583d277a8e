/**
 * An event as `tribe/events/v1` sends it, with embedded terms in their short
 * shape, venue and organizers, plus `language` and `translations`. Redacted events (password)
 * carry nulls and empty lists where TEC's redaction puts them.
 */
import { z } from 'zod';
import { flagEntries } from '../kinds/event-flags.ts';
import { languageSchema } from '../languages.ts';
import { dateTimeSchema } from '../schemas/common.ts';
import { recurrenceSchema } from '../series/recurrence.ts';
import { dateDetailsSchema, listEnvelopeShape, tecImageSchema } from './envelope.ts';
import { tecOrganizerSchema } from './organizer.ts';
import { tecIdentityShape, tecLanguageShape, tecPostDatesShape } from './post-fields.ts';
import { tecTermUrlsSchema } from './term.ts';
import { tecVenueSchema } from './venue.ts';

const tecEmbeddedTermSchema = z.strictObject({
  name: z.string(),
  slug: z.string(),
  term_group: z.literal(0),
  term_taxonomy_id: z.int().positive(),
  taxonomy: z.enum(['tribe_events_cat', 'post_tag']),
  description: z.string(),
  parent: z.int().nonnegative(),
  count: z.int().nonnegative(),
  filter: z.literal('raw'),
  id: z.int().positive(),
  urls: tecTermUrlsSchema,
  language: languageSchema,
  translations: z.array(languageSchema),
});

const costDetailsSchema = z.strictObject({
  currency_symbol: z.string(),
  currency_code: z.string(),
  currency_position: z.enum(['prefix', 'postfix', '']),
  /** Numeric strings ("12.5"), or the slug of a cost that has no number ("free"). */
  values: z.array(z.string().regex(/^(\d+(\.\d+)?|[\p{L}\p{M}\p{N}-]+)$/u)),
});

const flag = z.boolean().nullable();

export const tecEventSchema = z.strictObject({
  id: z.int().positive(),
  ...tecIdentityShape,
  author: z.string().regex(/^\d+$/),
  ...tecPostDatesShape,
  rest_url: z.string(),
  title: z.string(),
  description: z.string(),
  excerpt: z.string(),
  slug: z.string(),
  image: z.union([tecImageSchema, z.literal(false)]),
  all_day: flag,
  start_date: dateTimeSchema,
  start_date_details: dateDetailsSchema,
  end_date: dateTimeSchema,
  end_date_details: dateDetailsSchema,
  utc_start_date: dateTimeSchema,
  utc_start_date_details: dateDetailsSchema,
  utc_end_date: dateTimeSchema,
  utc_end_date_details: dateDetailsSchema,
  timezone: z.string(),
  timezone_abbr: z.string(),
  cost: z.string(),
  cost_details: costDetailsSchema,
  website: z.string(),
  ...flagEntries('tec', () => flag),
  categories: z.array(tecEmbeddedTermSchema),
  tags: z.array(tecEmbeddedTermSchema),
  venue: z.union([tecVenueSchema, z.tuple([])]),
  organizer: z.array(tecOrganizerSchema),
  custom_fields: z.tuple([]),
  json_ld: z.looseObject({ '@type': z.literal('Event') }).optional(),
  /** Extension: a series' rule (only on a series). */
  recurrence: recurrenceSchema.optional(),
  /** Extension: an occurrence's series and the start the series gives it (only on occurrences). */
  series: z.strictObject({ id: z.int().positive(), recurrence_id: dateTimeSchema }).optional(),
  ...tecLanguageShape,
});

export type TecEvent = z.infer<typeof tecEventSchema>;

export const tecEventListSchema = z.strictObject({
  events: z.array(tecEventSchema),
  ...listEnvelopeShape,
});
