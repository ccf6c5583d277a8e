/**
 * The multilingual value: one string per language for a translatable field.
 * An empty string counts as "no value in that language".
 */
import { z } from 'zod';
import { LANGUAGES, languageSchema, type Language } from '../languages.ts';

export const multilingualSchema = z.partialRecord(languageSchema, z.string());

export type Multilingual = z.infer<typeof multilingualSchema>;

type Picked = { value: string; language: Language };

/**
 * Reading rule: the requested language, else the calendar's default, else any language the
 * record has (in the fixed language order, so the answer is stable).
 */
export function pickTranslation(
  value: Multilingual,
  language: Language,
  defaultLanguage: Language,
): Picked | undefined {
  for (const candidate of [language, defaultLanguage, ...LANGUAGES]) {
    const text = value[candidate];
    if (text) return { value: text, language: candidate };
  }
  return undefined;
}

/** Languages in which at least one of the given fields has a value, in the fixed order. */
export function translatedLanguages(...fields: Multilingual[]): Language[] {
  return LANGUAGES.filter((language) => fields.some((field) => Boolean(field[language])));
}

/** Returns a copy with `language` set to `text` (or removed when `text` is empty). */
export function withTranslation(
  value: Multilingual,
  language: Language,
  text: string,
): Multilingual {
  const next: Multilingual = { ...value };
  if (text) next[language] = text;
  else delete next[language];
  return next;
}

/** A multilingual field whose per-language values follow `text` (length limits and the like). */
export function multilingualOf<T extends z.ZodType<string>>(text: T) {
  return z.partialRecord(languageSchema, text);
}

/**
 * What changed from `before` to `after`, as a patch: each language whose text changed, with
 * "" for one that was removed. Undefined when nothing changed.
 */
export function translationPatch(
  before: Multilingual,
  after: Multilingual,
): Multilingual | undefined {
  const patch: Multilingual = {};
  for (const language of LANGUAGES) {
    const [was, is] = [before[language] ?? '', after[language] ?? ''];
    if (was !== is) patch[language] = is;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
