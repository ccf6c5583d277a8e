/**
 * Field keys for sync (DESIGN §7): which parts of a record a write changed. Translatable fields
 * count per language ("title.de"), so two people translating different languages never
 * conflict; everything else counts whole. Metadata and derived fields are not fields here.
 */
import { LANGUAGES } from '../languages.ts';
import { eventSchema } from '../schemas/event.ts';
import { organizerSchema } from '../schemas/organizer.ts';
import { termSchema } from '../schemas/term.ts';
import { venueSchema } from '../schemas/venue.ts';

export const SYNC_KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** Kept by the server, never sent in a mutation. */
const NOT_FIELDS = new Set([
  'id',
  'uuid',
  'created',
  'modified',
  'rev',
  'statusBeforeTrash',
  'startUtc',
  'endUtc',
  'taxonomy',
]);

const TRANSLATABLE: Readonly<Record<SyncKind, readonly string[]>> = {
  event: ['title', 'description', 'excerpt', 'slug'],
  venue: ['name', 'description', 'excerpt', 'slug'],
  organizer: ['name', 'description', 'excerpt', 'slug'],
  category: ['name', 'description', 'slug'],
  tag: ['name', 'description', 'slug'],
};

const SHAPES = {
  event: eventSchema.shape,
  venue: venueSchema.shape,
  organizer: organizerSchema.shape,
  category: termSchema.shape,
  tag: termSchema.shape,
};

/** The fields of a kind a mutation may set. */
export function fieldNames(kind: SyncKind): string[] {
  return Object.keys(SHAPES[kind]).filter((key) => !NOT_FIELDS.has(key));
}

export function isTranslatable(kind: SyncKind, field: string): boolean {
  return TRANSLATABLE[kind].includes(field);
}

type Fields = Readonly<Record<string, unknown>>;

/** The field keys a patch touches: "title.de" for each language of a translatable field. */
export function fieldKeysOf(kind: SyncKind, patch: Fields): string[] {
  return Object.entries(patch).flatMap(([field, value]) =>
    isTranslatable(kind, field) && value && typeof value === 'object'
      ? Object.keys(value).map((language) => `${field}.${language}`)
      : [field],
  );
}

/** The field keys whose values differ between two versions of a record (all of them for a new one). */
export function changedFieldKeys(
  kind: SyncKind,
  before: Fields | undefined,
  after: Fields,
): string[] {
  const changed: string[] = [];
  for (const field of fieldNames(kind)) {
    if (isTranslatable(kind, field)) {
      const old = (before?.[field] ?? {}) as Record<string, string | undefined>;
      const now = (after[field] ?? {}) as Record<string, string | undefined>;
      for (const language of LANGUAGES) {
        if ((old[language] ?? '') !== (now[language] ?? '')) changed.push(`${field}.${language}`);
      }
    } else if (
      before === undefined ||
      JSON.stringify(before[field]) !== JSON.stringify(after[field])
    ) {
      changed.push(field);
    }
  }
  return changed;
}
