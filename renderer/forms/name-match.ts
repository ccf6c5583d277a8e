/**
 * A name typed in a picker, against the records it could mean. The suggestions read
 * "Blue Note Hall (Springfield)" or "Music › Jazz", but a user types "Blue Note Hall" or "jazz":
 * the typed name is compared with each record's plain names (every language) and slugs too,
 * ignoring letter case and accents. No match creates a record, so a name one edit away from an
 * existing one ("Blue Note Hal") is asked about first, and so is a name several records share.
 */
import { distance } from 'fastest-levenshtein';

/** A record a picker offers: its label, and the plain names and slugs it answers to. */
type Nameable = { uuid: string; label: string; names?: readonly string[] };

type NameMatch<T extends Nameable> =
  | { kind: 'one'; option: T }
  | { kind: 'several'; options: T[] }
  | { kind: 'near'; options: T[] }
  | { kind: 'none' };

/** Shorter names are one edit away from too much ("Pop", "Hop") to ask about. */
const NEAR_FROM_LENGTH = 4;

const folded = (text: string, locale: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale).trim();

export function matchTyped<T extends Nameable>(
  typed: string,
  options: readonly T[],
  locale: string,
): NameMatch<T> {
  const same = new Intl.Collator(locale, { sensitivity: 'base' });
  const equal = (a: string, b: string) => same.compare(a.trim(), b.trim()) === 0;
  const byLabel = options.find((option) => equal(option.label, typed));
  if (byLabel) return { kind: 'one', option: byLabel };
  const named = options.filter((option) => option.names?.some((name) => equal(name, typed)));
  if (named.length === 1 && named[0]) return { kind: 'one', option: named[0] };
  if (named.length > 1) return { kind: 'several', options: named };
  const key = folded(typed, locale);
  if (key.length < NEAR_FROM_LENGTH) return { kind: 'none' };
  const near = options.filter((option) =>
    [option.label, ...(option.names ?? [])].some(
      (name) => distance(folded(name, locale), key) <= 1,
    ),
  );
  return near.length > 0 ? { kind: 'near', options: near } : { kind: 'none' };
}
