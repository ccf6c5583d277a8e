/**
 * The kind registry: what every layer needs to know about each kind of record, in one place.
 * Sync (field keys, patch schemas, dispatch), the replica (its tables, blank records), the
 * editor and the server's write command read a kind from here instead of switching on it.
 */
import type { z } from 'zod';
import { flagEntries } from './event-flags.ts';
import { venueFlagEntries } from './venue-flags.ts';
import { eventSchema } from '../schemas/event.ts';
import { organizerSchema } from '../schemas/organizer.ts';
import { termSchema } from '../schemas/term.ts';
import { venueSchema } from '../schemas/venue.ts';
import { toUtcString } from '../time/datetime.ts';

export const KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type Kind = (typeof KINDS)[number];

/** The kinds WordPress keeps as posts; the others (categories, tags) are its terms. */
const POST_KINDS = ['event', 'venue', 'organizer'] as const satisfies readonly Kind[];
export type PostKind = (typeof POST_KINDS)[number];
export type TermKind = Exclude<Kind, PostKind>;
/** The kinds an event links to: venues, organizers, categories and tags. */
export type LinkedKind = Exclude<Kind, 'event'>;

export const isPostKind = (kind: Kind): kind is PostKind =>
  (POST_KINDS as readonly Kind[]).includes(kind);

export type RecordOf = { uuid: string; rev: number } & Record<string, unknown>;

/** Kept by the server, never set by a patch. */
const SERVER_KEPT = { id: true, uuid: true, created: true, modified: true, rev: true } as const;

const eventPatchSchema = eventSchema
  .omit({ ...SERVER_KEPT, statusBeforeTrash: true, startUtc: true, endUtc: true })
  .partial()
  .strict();
const venuePatchSchema = venueSchema
  .omit({ ...SERVER_KEPT, statusBeforeTrash: true })
  .partial()
  .strict();
const organizerPatchSchema = organizerSchema
  .omit({ ...SERVER_KEPT, statusBeforeTrash: true })
  .partial()
  .strict();
const termPatchSchema = termSchema
  .omit({ ...SERVER_KEPT, taxonomy: true })
  .partial()
  .strict();

export type EventPatch = z.infer<typeof eventPatchSchema>;
export type VenuePatch = z.infer<typeof venuePatchSchema>;
export type OrganizerPatch = z.infer<typeof organizerPatchSchema>;
export type TermPatch = z.infer<typeof termPatchSchema>;

type Links = Readonly<Record<string, Kind>>;

type KindSpec<S extends z.ZodObject, P extends z.ZodObject> = {
  /** The record as sync, the replica and backups carry it. */
  schema: S;
  /** What a write may set: the record's fields, partial; anything else is refused. */
  patch: P;
  /** Fields with a text per language. */
  translatable: readonly string[];
  /** The field that names a record (its title). */
  nameField: 'title' | 'name';
  /** The plural: the replica's table, the REST collection. */
  plural: 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
  /** Fields that hold other records' uuids, and the kind they point at. */
  links: Links;
  /** A new record before its first patch: what the editor starts from. */
  blank(uuid: string, now: Date, timezone: string): z.infer<S>;
};

function postBlank(uuid: string, now: Date) {
  const stamp = toUtcString(now);
  return {
    id: 0,
    uuid,
    created: stamp,
    modified: stamp,
    rev: 0,
    status: 'publish' as const,
    statusBeforeTrash: null,
    author: 1,
    date: stamp,
    password: '',
    description: {},
    excerpt: {},
    slug: {},
  };
}

function termBlank(taxonomy: 'category' | 'tag') {
  return (uuid: string, now: Date) => {
    const stamp = toUtcString(now);
    return {
      id: 0,
      uuid,
      created: stamp,
      modified: stamp,
      rev: 0,
      taxonomy,
      name: {},
      description: {},
      slug: {},
      parentUuid: null,
      color: '',
    };
  };
}

/** The texts every post has in each language, beside its name (an event's title). */
export const POST_TEXTS = ['description', 'excerpt', 'slug'] as const;

/** An event's fields with a text per language: its title, then the texts every post has. */
export const EVENT_TEXTS = ['title', ...POST_TEXTS] as const;

export const KIND = {
  event: {
    schema: eventSchema,
    patch: eventPatchSchema,
    translatable: EVENT_TEXTS,
    nameField: 'title',
    plural: 'events',
    links: {
      venueUuid: 'venue',
      organizerUuids: 'organizer',
      categoryUuids: 'category',
      tagUuids: 'tag',
      parentUuid: 'event',
    },
    blank: (uuid, now, timezone) => {
      const stamp = toUtcString(now);
      return {
        ...postBlank(uuid, now),
        title: {},
        start: stamp,
        end: stamp,
        timezone,
        startUtc: stamp,
        endUtc: stamp,
        allDay: false,
        cost: '',
        website: null,
        image: '',
        ...flagEntries('field', (flag) => flag.initially),
        venueUuid: null,
        organizerUuids: [],
        categoryUuids: [],
        tagUuids: [],
        parentUuid: null,
        recurrence: null,
        recurrenceId: null,
      };
    },
  } satisfies KindSpec<typeof eventSchema, typeof eventPatchSchema>,
  venue: {
    schema: venueSchema,
    patch: venuePatchSchema,
    translatable: ['name', ...POST_TEXTS],
    nameField: 'name',
    plural: 'venues',
    links: {},
    blank: (uuid, now) => ({
      ...postBlank(uuid, now),
      name: {},
      address: '',
      city: '',
      country: '',
      province: '',
      state: '',
      zip: '',
      phone: '',
      stateprovince: '',
      website: '',
      image: '',
      ...venueFlagEntries('field', (flag) => flag.initially),
      bufferBefore: 0,
      bufferAfter: 0,
      booking: 'warn',
    }),
  } satisfies KindSpec<typeof venueSchema, typeof venuePatchSchema>,
  organizer: {
    schema: organizerSchema,
    patch: organizerPatchSchema,
    translatable: ['name', ...POST_TEXTS],
    nameField: 'name',
    plural: 'organizers',
    links: {},
    blank: (uuid, now) => ({
      ...postBlank(uuid, now),
      name: {},
      phone: '',
      website: '',
      email: '',
      image: '',
    }),
  } satisfies KindSpec<typeof organizerSchema, typeof organizerPatchSchema>,
  category: {
    schema: termSchema,
    patch: termPatchSchema,
    translatable: ['name', 'description', 'slug'],
    nameField: 'name',
    plural: 'categories',
    links: { parentUuid: 'category' },
    blank: termBlank('category'),
  } satisfies KindSpec<typeof termSchema, typeof termPatchSchema>,
  tag: {
    schema: termSchema,
    patch: termPatchSchema,
    translatable: ['name', 'description', 'slug'],
    nameField: 'name',
    plural: 'tags',
    links: {},
    blank: termBlank('tag'),
  } satisfies KindSpec<typeof termSchema, typeof termPatchSchema>,
} as const;

export type Patch = Readonly<Record<string, unknown>>;

export function isTranslatable(kind: Kind, field: string): boolean {
  return (KIND[kind].translatable as readonly string[]).includes(field);
}

/** A new record of the kind, as the editor starts it. */
export function blankRecord(kind: Kind, uuid: string, now: Date, timezone: string): RecordOf {
  return KIND[kind].blank(uuid, now, timezone);
}
