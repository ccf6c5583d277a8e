/**
 * Event: the base record. Times are local wall time plus an IANA zone (the truth); UTC copies
 * are derived by the server for range queries. Links are uuids (see term.ts).
 * TEC wire variants (create/update bodies, list filters) arrive with the event endpoints (#3).
 */
import { z } from 'zod';
import {
  dateTimeSchema,
  postMetaSchema,
  slugSchema,
  timeZoneSchema,
  urlOrEmptySchema,
} from './common.ts';
import { multilingualOf } from './multilingual.ts';

export const eventTextSchema = z.object({
  title: z.string().trim().max(500),
  description: z.string().max(200_000),
  excerpt: z.string().max(10_000),
  slug: z.union([slugSchema, z.literal('')]),
});

export const eventDetailsSchema = z.object({
  start: dateTimeSchema,
  end: dateTimeSchema,
  timezone: timeZoneSchema,
  allDay: z.boolean(),
  /** As entered ("20$", "€6.50 - €8.50"); symbol, position and values are parsed from it. */
  cost: z.string().trim().max(200),
  /** null: never set, so TEC shows the event's own URL. */
  website: urlOrEmptySchema.nullable(),
  image: urlOrEmptySchema,
  showMap: z.boolean(),
  showMapLink: z.boolean(),
  hideFromListings: z.boolean(),
  sticky: z.boolean(),
  featured: z.boolean(),
  venueUuid: z.uuid().nullable(),
  organizerUuids: z.array(z.uuid()),
  categoryUuids: z.array(z.uuid()),
  tagUuids: z.array(z.uuid()),
  parentUuid: z.uuid().nullable(),
});

const text = eventTextSchema.shape;

export const eventSchema = postMetaSchema.extend({
  title: multilingualOf(text.title),
  description: multilingualOf(text.description),
  excerpt: multilingualOf(text.excerpt),
  slug: multilingualOf(text.slug),
  ...eventDetailsSchema.shape,
  startUtc: dateTimeSchema,
  endUtc: dateTimeSchema,
});

export type CalendarEvent = z.infer<typeof eventSchema>;
