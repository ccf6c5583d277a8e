/**
 * Field keys for sync: which parts of a record a write changed. Translatable fields
 * count per language ("title.de"), so two people translating different languages never
 * conflict; everything else counts whole. Metadata and derived fields are not fields here.
 */
import { LANGUAGES } from '../languages.ts';
import { isTranslatable, KIND, type Kind } from '../kinds/registry.ts';

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

/** The fields of a kind a mutation may set. */
export function fieldNames(kind: Kind): string[] {
  return Object.keys(KIND[kind].schema.shape).filter((key) => !NOT_FIELDS.has(key));
}

type Fields = Readonly<Record<string, unknown>>;

/** The field keys a patch touches: "title.de" for each language of a translatable field. */
export function fieldKeysOf(kind: Kind, patch: Fields): string[] {
  return Object.entries(patch).flatMap(([field, value]) =>
    isTranslatable(kind, field) && value && typeof value === 'object'
      ? Object.keys(value).map((language) => `${field}.${language}`)
      : [field],
  );
}

/** The field keys whose values differ between two versions of a record (all of them for a new one). */
export function changedFieldKeys(kind: Kind, before: Fields | undefined, after: Fields): string[] {
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
