/**
 * How records and their texts read on screen: in a language, falling back to the calendar's
 * default language (then any), as the API does; and whether a text is there in a language.
 */
import { KIND, type Kind } from '#shared/kinds/registry.ts';
import type { Resources } from '#shared/i18n/resources.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';

export function uiLanguage(tag: string): Language {
  return isLanguage(tag) ? tag : DEFAULT_LANGUAGE;
}

export function textIn(
  value: unknown,
  language: Language,
  fallback: Language = DEFAULT_LANGUAGE,
): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return pickTranslation(value, language, fallback)?.value;
}

/** An event's title, any other record's name. */
export function recordName(
  kind: Kind,
  record: Record<string, unknown> | null | undefined,
  language: Language,
  fallback: Language = DEFAULT_LANGUAGE,
): string | undefined {
  if (!record) return undefined;
  return textIn(record[KIND[kind].nameField], language, fallback);
}

/** Whether the record's title or name has text in `language`. */
export function isNamedIn(
  kind: Kind,
  record: Record<string, unknown>,
  language: Language,
): boolean {
  const name = (kind === 'event' ? record.title : record.name) as Multilingual | undefined;
  return Boolean(name?.[language]?.trim());
}

type ErrorKey = keyof Resources['errors'];

/** Whether the API's error code has a message in the UI's translations. */
export function isErrorKey(
  code: string | undefined,
  exists: (key: string) => boolean,
): code is ErrorKey {
  return Boolean(code) && exists(`errors:${code}`);
}
