/**
 * The eight content and UI languages. Codes follow WPML's spelling (zh-hans, pt-br) because
 * that is what WordPress clients send as `lang`, and the root segments (`/pt-br/wp-json/…`) use them.
 */
import { z } from 'zod';

export const LANGUAGES = ['bg', 'zh-hans', 'en', 'fr', 'de', 'ja', 'pt-br', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export const languageSchema = z.enum(LANGUAGES);

/** Each language's name in itself: what a language switcher shows, whatever the UI language. */
export const LANGUAGE_ENDONYMS: Readonly<Record<Language, string>> = {
  bg: 'Български',
  'zh-hans': '简体中文',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  'pt-br': 'Português (Brasil)',
  es: 'Español',
};

/**
 * A content language's name in the UI language (`ja` → "Japanese" in English, "日本語" in
 * Japanese), from the runtime's own data (Intl.DisplayNames); the endonym where it has none.
 */
export function languageName(language: Language, uiLanguage: string): string {
  try {
    const [tag = language] = Intl.getCanonicalLocales(language);
    const names = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' });
    return names.of(tag) ?? LANGUAGE_ENDONYMS[language];
  } catch {
    return LANGUAGE_ENDONYMS[language];
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Lenient match for what browsers and clients send: `pt-BR`, `zh_Hans`, `de-AT` → our codes. */
export function matchLanguage(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (isLanguage(lower)) return lower;
  if (lower.startsWith('zh')) return 'zh-hans';
  if (lower.startsWith('pt')) return 'pt-br';
  const base = lower.split('-')[0];
  return isLanguage(base) ? base : undefined;
}
