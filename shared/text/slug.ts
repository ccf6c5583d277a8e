/**
 * Slugs the way WordPress's sanitize_title makes them (remove_accents, then
 * sanitize_title_with_dashes in its "save" context), so a title gets the slug the website would
 * give it: "Cost €8" → `cost-e8`, "Cost 10,00" → `cost-1000`, "Rock & Roll" → `rock-roll`,
 * "x.y/z" → `x-y-z`. What WordPress does with each character above ASCII (accents removed,
 * `€` as E, quotes, `©` and `…` dropped, the dashes and wide spaces as a dash, `×` as x) was
 * measured on the real site and is kept in `wordpress-slug-chars.json`
 * (`scripts/wordpress-slugs.php` measures it again); every other character of any script
 * is kept, lower-cased. ASCII follows WordPress's own rules below.
 *
 * Two deliberate differences: WordPress keeps the characters it keeps percent-encoded
 * (`%e9%9f%b3…`), Marquee decoded, as the language-neutral form a URL encodes again; and an
 * underscore is a dash, so that no slug this makes looks like a trashed one (`x__trashed`).
 * The German rule of remove_accents (Ä → ae, ß → ss) applies to German texts, as it does on a
 * German site: slugs are per language here, where WordPress has one locale.
 */
import type { Language } from '../languages.ts';
import WORDPRESS_CHARS from './wordpress-slug-chars.json' with { type: 'json' };

const CHARS: Readonly<Record<string, string>> = WORDPRESS_CHARS;

const GERMAN: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'ss' };

export const MAX_SLUG_LENGTH = 200;

/** PHP's strip_tags: a `<` not followed by a space opens a tag, which ends at `>` or the end. */
const TAG = /<(?=[^\s<])[^>]*>?/g;
/** The entities of a dash or a no-break space, which the save context turns into a dash. */
const DASH_ENTITY = /&(?:nbsp|#160|ndash|#8211|mdash|#8212);/g;
/** Any other entity, as WordPress removes it (`&` up to the next `;`, however far). */
const ENTITY = /&.+?;/g;

function wordpressChar(char: string, language: Language | undefined): string {
  if (char <= '\u007f') {
    const lower = char.toLowerCase();
    if (/[a-z0-9-]/.test(lower)) return lower;
    // A space, `.`, `/` and `_` separate words; every other ASCII sign is dropped.
    return /[ ./_]/.test(char) ? ' ' : lower === '&' || lower === ';' || lower === '#' ? char : '';
  }
  const lower = char.toLowerCase();
  if (language === 'de' && lower in GERMAN) return GERMAN[lower]!;
  return CHARS[char] ?? CHARS[lower] ?? lower;
}

export function toSlug(text: string, language?: Language): string {
  const mapped = Array.from(text.replace(TAG, '').normalize('NFC'), (char) =>
    wordpressChar(char, language),
  ).join('');
  return mapped
    .replace(DASH_ENTITY, ' ')
    .replace(ENTITY, '')
    .replace(/[&;#]/g, '')
    .replace(/[\s-]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** `base`, or `base-2`, `base-3`… : the first candidate `isTaken` says is free (WordPress's rule). */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - String(suffix).length - 1)}-${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
