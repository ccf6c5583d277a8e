/** How records and their values read in the UI language (the calendar's default as fallback). */
import type { Resources } from '#shared/i18n/resources.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/languages.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import type { SyncKind } from '#shared/sync/fields.ts';

export function uiLanguage(tag: string): Language {
  return isLanguage(tag) ? tag : DEFAULT_LANGUAGE;
}

export function textIn(value: unknown, language: Language): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return pickTranslation(value, language, DEFAULT_LANGUAGE)?.value;
}

/** An event's title, any other record's name. */
export function recordName(
  kind: SyncKind,
  record: Record<string, unknown> | null | undefined,
  language: Language,
): string | undefined {
  if (!record) return undefined;
  return textIn(kind === 'event' ? record.title : record.name, language);
}

export type ErrorKey = keyof Resources['errors'];

/** Whether the API's error code has a message in the UI's translations. */
export function isErrorKey(
  code: string | undefined,
  exists: (key: string) => boolean,
): code is ErrorKey {
  return Boolean(code) && exists(`errors:${code}`);
}
