/**
 * Event: the base record, and TEC's create / update bodies and list query derived from it.
 * Times are local wall time plus an IANA zone (the truth); UTC copies are derived by the
 * server for range queries. Links in the record are uuids (see term.ts).
 */
import { z } from 'zod';
import { flagEntries } from '../kinds/event-flags.ts';
import {
  dateTimeSchema,
  eventTimeZoneSchema,
  postMetaSchema,
  slugSchema,
  urlOrEmptySchema,
} from './common.ts';
import { multilingualOf } from './multilingual.ts';
import { recurrenceSchema } from '../series/recurrence.ts';
import { SCOPES } from '../series/occurrences.ts';
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

const eventTextSchema = z.object({
  title: z.string().trim().max(500),
  description: z.string().max(200_000),
  excerpt: z.string().max(10_000),
  slug: z.union([slugSchema, z.literal('')]),
});

const eventDetailsSchema = z.object({
  start: dateTimeSchema,
  end: dateTimeSchema,
  timezone: eventTimeZoneSchema,
  allDay: z.boolean(),
  /** As entered ("20$", "€6.50 - €8.50"); symbol, position and values are parsed from it. */
  cost: z.string().trim().max(200),
  /** null: never set, so TEC shows the event's own URL. */
  website: urlOrEmptySchema.nullable(),
  image: urlOrEmptySchema,
  ...flagEntries('field', () => z.boolean()),
  venueUuid: z.uuid().nullable(),
  organizerUuids: z.array(z.uuid()),
  categoryUuids: z.array(z.uuid()),
  tagUuids: z.array(z.uuid()),
  /** An occurrence: its series; the series' occurrences each name it. */
  parentUuid: z.uuid().nullable(),
  /** A series: its rule. Its own times are the first slot's; lists show its occurrences. */
  recurrence: recurrenceSchema.nullable(),
  /** An occurrence: the start its series gives it (RFC 5545 RECURRENCE-ID), kept when moved. */
  recurrenceId: dateTimeSchema.nullable(),
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

/**
 * `venue`: "" or [] (none), an id, {id}, or venue fields; TEC keeps the first of a list. `0`
 * (or "0") names no venue: TEC 6.17.2 answers 200 and leaves the event's venue as it is.
 */
export const eventVenueInput = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.length > 0
        ? (value[0] as unknown)
        : ''
      : value === '0'
        ? 0
        : value,
  z.union([z.literal(''), z.literal(0), wpPositiveInteger, byId, venueCreateBodySchema], {
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

/** A series' rule in a body: RDATEs and EXDATEs may be left out. */
const recurrenceBody = z.object({
  rrule: recurrenceSchema.shape.rrule.transform((rule) => rule.replace(/^RRULE:/i, '')).default(''),
  rdates: recurrenceSchema.shape.rdates.default([]),
  exdates: recurrenceSchema.shape.exdates.default([]),
});

/** What else a write to an occurrence changes: nothing, the series from it on, or all of it. */
export const scopeSchema = z.enum(SCOPES).meta({
  description:
    'For an occurrence of a series: this (it alone, the default), following (it and the later ones), all (the whole series). An extension of TEC.',
});

/** Body fields of `POST /events` and of updates, with TEC's names and WordPress coercions. */
const eventWriteFields = z.object({
  title: wpNonEmptyString.pipe(text.title).meta({ description: 'The event’s title.' }),
  description: text.description.meta({ description: 'The event’s description (HTML).' }),
  excerpt: text.excerpt.meta({ description: 'The event’s excerpt.' }),
  ...postWriteFields,
  /** An IANA zone or a UTC offset, or "" for the calendar's. */
  timezone: z.union([z.literal(''), eventTimeZoneSchema]).meta({
    description: 'The time zone of the start and end dates; "" for the calendar’s.',
  }),
  all_day: wpBoolean.meta({ description: 'Whether the event lasts all day.' }),
  start_date: wpDateInput.meta({
    description: 'When the event starts, in its time zone: a date or a Unix timestamp.',
  }),
  end_date: wpDateInput.meta({
    description: 'When the event ends, in its time zone: a date or a Unix timestamp.',
  }),
  image: details.image.meta({ description: 'The URL of the featured image ("" for none).' }),
  cost: costInput.meta({
    description: 'The cost: a text such as "10", "Free" or "€6.50 - €8.50", or a list of costs.',
  }),
  website: details.website.meta({ description: 'The event’s website ("" for none).' }),
  ...flagEntries('tec', (flag) => wpBoolean.meta({ description: flag.about })),
  categories: termRefsInput.meta({
    description: 'Categories by id, slug or name (a list or CSV); a new name makes a category.',
  }),
  tags: termRefsInput.meta({
    description: 'Tags by id, slug or name (a list or CSV); a new name makes a tag.',
  }),
  venue: eventVenueInput.meta({
    description:
      'The venue: an id, {"id": …}, or venue fields to match or create one; "" for none; 0 leaves it as it is.',
  }),
  organizer: eventOrganizerInput.meta({
    description: 'Organizers: ids, {"id": …} or organizer fields to match or create; "" for none.',
  }),
  recurrence: z.union([z.literal(''), z.null(), recurrenceBody]).meta({
    description:
      'Makes the event a series: {"rrule": "FREQ=WEEKLY;BYDAY=FR", "rdates": [], "exdates": []} (RFC 5545, dates local to the event’s zone); "" or null ends it. An extension of TEC.',
  }),
  /** Extension: the event this one belongs to (a series), as TEC Pro's occurrences have. */
  post_parent: z.union([z.literal(0), wpPositiveInteger]).meta({
    description:
      'The id of the series event this one belongs to (0 for none). An extension of TEC.',
  }),
});

export const eventCreateBodySchema = eventWriteFields
  .partial()
  .required({ title: true, start_date: true, end_date: true });
export const eventUpdateBodySchema = eventWriteFields.partial().extend({
  scope: scopeSchema.optional(),
});

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

/** `GET /events`. Lists of categories and tags take ids or slugs. */
export const eventListQuerySchema = z
  .object({
    ...pagingParams,
    start_date: wpDateInput.optional().meta({
      description:
        'Events that start on or after this date (a date, a phrase such as "tomorrow 9am", or a Unix timestamp). Default: the start of yesterday, as TEC reckons it (in UTC).',
    }),
    end_date: wpDateInput.optional().meta({
      description: 'Events that end on or before this date. Default: 24 months from now.',
    }),
    starts_before: wpDateInput
      .optional()
      .meta({ description: 'Events that start before this date.' }),
    starts_after: wpDateInput
      .optional()
      .meta({ description: 'Events that start after this date.' }),
    ends_before: wpDateInput.optional().meta({ description: 'Events that end before this date.' }),
    ends_after: wpDateInput.optional().meta({ description: 'Events that end after this date.' }),
    /** TEC refuses "" and "0" (PHP's empty()); true/1/on/yes mean strict. */
    strict_dates: z
      .string()
      .refine((value) => value !== '' && value !== '0', 'must not be empty')
      .transform((value) => TRUTHY.has(value.trim().toLowerCase()))
      .optional()
      .meta({
        description:
          'true: the dates are used as given; otherwise they widen to the start or end of their day.',
      }),
    search: wpNonEmptyString.optional().meta({
      description: 'Events whose title, description or excerpt contain this text.',
    }),
    categories: z
      .preprocess(
        splitList,
        z.array(z.union([z.string().min(1), z.number()]).transform(String)).min(1),
      )
      .optional()
      .meta({
        description: 'Events in one of these categories or their subcategories (ids or slugs).',
      }),
    tags: z
      .preprocess(
        splitList,
        z.array(z.union([z.string().min(1), z.number()]).transform(String)).min(1),
      )
      .optional()
      .meta({ description: 'Events with one of these tags (ids or slugs).' }),
    venue: wpIdList.optional().meta({ description: 'Events at one of these venues (ids).' }),
    organizer: wpIdList
      .optional()
      .meta({ description: 'Events by one of these organizers (ids).' }),
    featured: wpBoolean.optional().meta({
      description: 'true: only featured events; false: only events that are not featured.',
    }),
    status: wpStatusList.optional().meta({
      description: 'Events with one of these statuses. Visitors may only ask for publish.',
    }),
    geoloc: wpBoolean.optional().meta({
      description: 'Events Calendar Pro’s filter by venue coordinates: accepted and ignored.',
    }),
    geoloc_lat: coordinate.optional().meta({
      description: 'Latitude for geoloc (with geoloc_lng): accepted and ignored.',
    }),
    geoloc_lng: coordinate.optional().meta({
      description: 'Longitude for geoloc (with geoloc_lat): accepted and ignored.',
    }),
    include: wpIdList
      .optional()
      .meta({ description: 'Only these events (ids), whatever their dates.' }),
    post_parent: wpPositiveInteger.optional().meta({
      description: 'The occurrences of this series (the id of its series event).',
    }),
    ticketed: wpBoolean.optional().meta({
      description: 'Event Tickets’ filter: Marquee sells no tickets, so true is refused.',
    }),
    password: z.string().optional().meta({
      description: 'The password of protected events, to read their content.',
    }),
  })
  .refine((query) => (query.geoloc_lat === undefined) === (query.geoloc_lng === undefined), {
    message: 'geoloc_lat and geoloc_lng go together',
    path: ['geoloc_lat'],
  });

export type EventListQuery = z.infer<typeof eventListQuerySchema>;
