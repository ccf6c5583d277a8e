/**
 * Organizer: the base record (store, sync, Dexie replica) and the variants derived from it:
 * TEC's create / update bodies. The list query is the one venues use (post-write.ts).
 */
import { z } from 'zod';
import { postMetaSchema, slugSchema, urlOrEmptySchema } from './common.ts';
import { multilingualOf } from './multilingual.ts';
import { postWriteFields } from './post-write.ts';
import { wpNonEmptyString } from './wp-params.ts';

const organizerTextSchema = z.object({
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

/** The plain-text details of an organizer, in TEC's order (also the store's column names). */
export const ORGANIZER_TEXT_DETAILS = [
  'phone',
  'website',
  'email',
] as const satisfies readonly (keyof z.infer<typeof organizerDetailsSchema>)[];

const text = organizerTextSchema.shape;
const details = organizerDetailsSchema.shape;

export const organizerSchema = postMetaSchema.extend({
  name: multilingualOf(text.name),
  description: multilingualOf(text.description),
  excerpt: multilingualOf(text.excerpt),
  slug: multilingualOf(text.slug),
  ...details,
});

export type Organizer = z.infer<typeof organizerSchema>;
export type OrganizerDetails = z.infer<typeof organizerDetailsSchema>;

/** Body fields of `POST /organizers` and of updates, with TEC's names and WordPress coercions. */
const organizerWriteFields = z.object({
  organizer: wpNonEmptyString.pipe(text.name).meta({ description: 'The organizer’s name.' }),
  description: text.description.meta({ description: 'The organizer’s description (HTML).' }),
  excerpt: text.excerpt.meta({ description: 'The organizer’s excerpt.' }),
  ...postWriteFields,
  phone: details.phone.meta({ description: 'The phone number.' }),
  website: details.website.meta({ description: 'The organizer’s website ("" for none).' }),
  email: details.email.meta({ description: 'The email address.' }),
  image: details.image.meta({ description: 'The URL of the featured image ("" for none).' }),
});

export const organizerCreateBodySchema = organizerWriteFields
  .partial()
  .required({ organizer: true });
export const organizerUpdateBodySchema = organizerWriteFields.partial();

export type OrganizerCreateBody = z.infer<typeof organizerCreateBodySchema>;
export type OrganizerUpdateBody = z.infer<typeof organizerUpdateBodySchema>;
