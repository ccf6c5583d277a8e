/**
 * Slugs the way WordPress's sanitize_title makes them: lower case, Latin accents removed, every
 * other script kept as is (WordPress keeps them, percent-encoded in URLs), runs of anything else
 * turned into one dash. Slug libraries on npm transliterate or drop CJK text, which would leave
 * Chinese and Japanese titles without a slug, so this small rule is ours.
 */

const LATIN_LIGATURES: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ð: 'd',
};

export const MAX_SLUG_LENGTH = 200;

export function toSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßæœøđłþð]/g, (letter) => LATIN_LIGATURES[letter] ?? letter)
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
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
