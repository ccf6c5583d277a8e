/**
 * Trash frees a post's slug, as WordPress does (wp_add_trashed_suffix_to_post_name_for_post,
 * wp_untrash_post): in the trash a post's slug is `<slug>__trashed`, so another post may take
 * `<slug>`; out of the trash it gets `<slug>` back, or the next free `-2`, `-3`… toSlug never
 * makes an underscore, so a trashed slug can never be a live one. The server's writes and the
 * editor's replica both apply this one rule.
 */
import type { Language } from '../languages.ts';
import type { Multilingual } from '../schemas/multilingual.ts';
import { uniqueSlug } from './slug.ts';

export const TRASHED_SUFFIX = '__trashed';

/**
 * The suffix, and the `-2`, `-3`… that tell apart trashed posts which had the same slug (WordPress
 * lets them share it; our slugs are unique per kind and language).
 */
const TRASHED_END = /__trashed(?:-[0-9]+)?$/u;

/** Room a trashed slug needs beyond a live one's maximum length. */
export const TRASHED_EXTRA_LENGTH = 20;

export function isTrashedSlug(slug: string): boolean {
  return TRASHED_END.test(slug);
}

/** The live slug a trashed one was made from (a live slug as it is). */
export function untrashedSlug(slug: string): string {
  return slug.replace(TRASHED_END, '');
}

/** Whether another post of the same kind has `slug` in `language`. */
export type SlugTaken = (language: Language, slug: string) => boolean;

/** `<slug>__trashed`, or the next free `-2`, `-3`… of it. */
export function trashedSlug(slug: string, isTaken: (candidate: string) => boolean): string {
  const base = `${slug}${TRASHED_SUFFIX}`;
  if (!isTaken(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    if (!isTaken(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}

/**
 * A post's slugs where it now is: every language's in the trashed form while it is in the trash,
 * in the live form (the next free one) out of it. Slugs already in the right form are kept, so
 * the rule may run on every write; the same object comes back when nothing changes.
 */
export function slugsForTrash(
  slugs: Multilingual,
  inTrash: boolean,
  isTaken: SlugTaken = () => false,
): Multilingual {
  let next: Multilingual | undefined;
  for (const [language, slug] of Object.entries(slugs) as [Language, string][]) {
    if (!slug || isTrashedSlug(slug) === inTrash) continue;
    const taken = (candidate: string) => isTaken(language, candidate);
    next ??= { ...slugs };
    next[language] = inTrash ? trashedSlug(slug, taken) : uniqueSlug(untrashedSlug(slug), taken);
  }
  return next ?? slugs;
}
