/**
 * Event: the base record, and TEC's create / update bodies and list query derived from it.
 * Times are local wall time plus an IANA zone (the truth); UTC copies are derived by the
 * server for range queries. Links in the record are uuids (see term.ts).
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
import { organizerCreateBodySchema } from './organizer.ts';
import { postWriteFields } from './post-write.ts';
import { venueCreateBodySchema } from './venue.ts';
import {
  pagingParams,
  splitList,
  wpBoolean,
  wpDateInput,
  wpIdList,
  wpNonEmptyString,
  wpPositiveInteger,
  wpStatusList,
} from './wp-params.ts';

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
const details = eventDetailsSchema.shape;

export const eventSchema = postMetaSchema.extend({
  title: multilingualOf(text.title),
  description: multilingualOf(text.description),
  excerpt: multilingualOf(text.excerpt),
  slug: multilingualOf(text.slug),
  ...details,
  startUtc: dateTimeSchema,
  endUtc: dateTimeSchema,
});

export type CalendarEvent = z.infer<typeof eventSchema>;

/** A linked record given by id, by `{id}`, or as fields to create (or match) one. */
const byId = z.object({ id: wpPositiveInteger });

/** `venue`: "" or [] (none), an id, {id}, or venue fields; TEC keeps the first of a list. */
export const eventVenueInput = z.preprocess(
  (value) => (Array.isArray(value) ? (value.length > 0 ? (value[0] as unknown) : '') : value),
  z.union([z.literal(''), wpPositiveInteger, byId, venueCreateBodySchema], {
    error: 'must be a venue id, {"id": …}, or venue fields with a "venue" name',
  }),
);

/** `organizer`: "" (none), an id, a CSV of ids, or a list of ids, {id} and organizer fields. */
export const eventOrganizerInput = z.preprocess(
  (value) =>
    value === ''
      ? []
      : typeof value === 'string'
        ? splitList(value)
        : Array.isArray(value)
          ? value
          : [value],
  z.array(
    z.union([wpPositiveInteger, byId, organizerCreateBodySchema], {
      error: 'must list organizer ids, {"id": …} or organizer fields with an "organizer" name',
    }),
  ),
);

/** `categories` / `tags`: "" or [] (none), or a CSV or list of ids, slugs or names. */
const termRefsInput = z.preprocess(
  (value) => (value === '' ? [] : splitList(value)),
  z
    .array(z.union([z.string(), z.number()]).transform(String))
    .transform((items) => items.filter(Boolean)),
);

/** `cost`: a text ("20$", "€6.50 - €8.50") or a list of costs. */
const costInput = z.union([
  z.string().max(200),
  z.number(),
  z.array(z.union([z.string().max(200), z.number()])).max(50),
]);

/** Body fields of `POST /events` and of updates, with TEC's names and WordPress coercions. */
const eventWriteFields = z.object({
  title: wpNonEmptyString.pipe(text.title),
  description: text.description,
  excerpt: text.excerpt,
  ...postWriteFields,
  /** An IANA zone, or "" for the calendar's. */
  timezone: z.union([z.literal(''), timeZoneSchema]),
  all_day: wpBoolean,
  start_date: wpDateInput,
  end_date: wpDateInput,
  image: details.image,
  cost: costInput,
  website: details.website,
  show_map: wpBoolean,
  show_map_link: wpBoolean,
  hide_from_listings: wpBoolean,
  sticky: wpBoolean,
  featured: wpBoolean,
  categories: termRefsInput,
  tags: termRefsInput,
  venue: eventVenueInput,
  organizer: eventOrganizerInput,
  /** Extension: the event this one belongs to (a series), as TEC Pro's occurrences have. */
  post_parent: z.union([z.literal(0), wpPositiveInteger]),
});

export const eventCreateBodySchema = eventWriteFields
  .partial()
  .required({ title: true, start_date: true, end_date: true });
export const eventUpdateBodySchema = eventWriteFields.partial();

export type EventCreateBody = z.infer<typeof eventCreateBodySchema>;
export type EventUpdateBody = z.infer<typeof eventUpdateBodySchema>;
export type EventVenueInput = z.infer<typeof eventVenueInput>;
export type EventOrganizerInput = z.infer<typeof eventOrganizerInput>;

const TRUTHY = new Set(['true', '1', 'on', 'yes']);

/** Coordinates are accepted (TEC Pro's filter) though venues have none yet: see the README. */
const coordinate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number('must be a number').finite(),
);

/** `GET /events` (tec-rest-v1 §3.1). Lists of categories and tags take ids or slugs. */
export const eventListQuerySchema = z
  .object({
    ...pagingParams,
    start_date: wpDateInput.optional(),
    end_date: wpDateInput.optional(),
    starts_before: wpDateInput.optional(),
    starts_after: wpDateInput.optional(),
    ends_before: wpDateInput.optional(),
    ends_after: wpDateInput.optional(),
    /** TEC refuses "" and "0" (PHP's empty()); true/1/on/yes mean strict. */
    strict_dates: z
      .string()
      .refine((value) => value !== '' && value !== '0', 'must not be empty')
      .transform((value) => TRUTHY.has(value.trim().toLowerCase()))
      .optional(),
    search: wpNonEmptyString.optional(),
    categories: z
      .preprocess(
        splitList,
        z.array(z.union([z.string().min(1), z.number()]).transform(String)).min(1),
      )
      .optional(),
    tags: z
      .preprocess(
        splitList,
        z.array(z.union([z.string().min(1), z.number()]).transform(String)).min(1),
      )
      .optional(),
    venue: wpIdList.optional(),
    organizer: wpIdList.optional(),
    featured: wpBoolean.optional(),
    status: wpStatusList.optional(),
    geoloc: wpBoolean.optional(),
    geoloc_lat: coordinate.optional(),
    geoloc_lng: coordinate.optional(),
    include: wpIdList.optional(),
    post_parent: wpPositiveInteger.optional(),
    ticketed: wpBoolean.optional(),
    password: z.string().optional(),
  })
  .refine((query) => (query.geoloc_lat === undefined) === (query.geoloc_lng === undefined), {
    message: 'geoloc_lat and geoloc_lng go together',
    path: ['geoloc_lat'],
  });

export type EventListQuery = z.infer<typeof eventListQuerySchema>;
