/**
 * Marquee's records as views (remote.ts) and back: a record's view is what a peer that carries
 * `fields` in one language would hold of it (texts in the peer's language, else the calendar's
 * default, else any: the API's reading rule), and a view's fields become a record patch that
 * writes the texts into the peer's language alone, so other translations are never touched.
 * `sameValue` says whether two views' values are the same for a person (line endings, spaces at
 * the ends, the order of terms and a website never set aside).
 */
import type { Language } from '#shared/languages.ts';
import { isTranslatable, type Kind, type Patch } from '#shared/kinds/registry.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import { fieldOfKey } from '#shared/sync/concurrent-edit.ts';
import { untrashedSlug } from '#shared/text/trashed-slug.ts';
import type { View, ViewValue } from './remote.ts';

export type PeerLanguages = { language: Language; defaultLanguage: Language };

/** Links whose order means nothing (WordPress lists an event's terms by name). */
const UNORDERED = new Set(['categoryUuids', 'tagUuids']);

export function localView(
  kind: Kind,
  record: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  languages: PeerLanguages,
): View {
  const view: Record<string, ViewValue> = {};
  for (const field of fields) {
    const value = record[field];
    if (isTranslatable(kind, field)) {
      const texts = (value as Multilingual | undefined) ?? {};
      const text =
        pickTranslation(texts, languages.language, languages.defaultLanguage)?.value ?? '';
      view[field] = field === 'slug' ? untrashedSlug(text) : text;
    } else if (Array.isArray(value)) view[field] = [...(value as string[])];
    else view[field] = (value ?? null) as ViewValue;
  }
  return view;
}

/**
 * The patch that writes these fields of a view into a record: texts into `language` only. A
 * field the record cannot take as it is (no slug, a draft's unknown publication date) is left
 * out, and the record keeps its own.
 */
export function patchOfView(kind: Kind, fields: View, language: Language): Patch {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (field === 'date' && value === null) continue;
    if (field === 'slug' && !value) continue;
    patch[field] = isTranslatable(kind, field) ? { [language]: value ?? '' } : value;
  }
  return patch;
}

const text = (value: ViewValue): string =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : '';

/** Whether two values of a field say the same. */
export function sameValue(field: string, a: ViewValue, b: ViewValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const left = [...((a ?? []) as string[])];
    const right = [...((b ?? []) as string[])];
    if (UNORDERED.has(field)) {
      left.sort();
      right.sort();
    }
    return left.length === right.length && left.every((item, index) => item === right[index]);
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  return text(a) === text(b);
}

/**
 * A venue's region: TEC keeps a state, a province and the two as one (`stateprovince`, filled
 * from whichever its form used), and Marquee's editor shows the last alone, as a person sees it.
 */
const REGION = new Set(['state', 'province', 'stateprovince']);

/**
 * The units a merge decides on: a field, except an event's times, which are one (they are
 * sent and recomputed together: the editor's concurrent edits count them so too), and a
 * venue's region, one field for a person (its conflict is one row: conflicts.ts).
 */
export function mergeUnit(kind: Kind, field: string): string {
  if (kind === 'venue' && REGION.has(field)) return 'stateprovince';
  return fieldOfKey(kind, field);
}
