/**
 * Texts as a file carries them. An export in a language writes each text as a reader in that
 * language sees it: the record's own text there, else the default language's, else any (the
 * API's rule). So a text a file gives that is what the stored record already shows is not a
 * translation the file brings: an import leaves it alone rather than copy it into the file's
 * language, and a file exported in one language changes nothing when imported again.
 */
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';

export type TextReading = { language: Language; fallback: Language };

/** What a reader in `reading.language` sees of a text ("" for none). */
function shownText(value: Multilingual, reading: TextReading): string {
  return pickTranslation(value, reading.language, reading.fallback)?.value ?? '';
}

/**
 * A patch for a stored record less the texts it already shows: `fields` name its translatable
 * fields, `same` compares a shown text with the file's (exactly, unless told otherwise).
 */
export function withoutShownTexts<P extends Record<string, unknown>>(
  patch: P,
  stored: Record<string, unknown>,
  fields: readonly string[],
  reading: TextReading,
  same: (shown: string, given: string) => boolean = (shown, given) => shown === given,
): P {
  const kept: Record<string, unknown> = { ...patch };
  for (const field of fields) {
    const given = (patch[field] as Multilingual | undefined)?.[reading.language];
    if (given === undefined) continue;
    if (same(shownText(stored[field] as Multilingual, reading), given)) delete kept[field];
  }
  return kept as P;
}
