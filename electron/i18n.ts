/** Menu and dialog texts of the main process, from the shared resources, in the OS's language. */
import i18next from 'i18next';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import { RESOURCES } from '#shared/i18n/resources.ts';

export type MainTranslator = (
  key: keyof (typeof RESOURCES)['en']['menu'],
  values?: Record<string, unknown>,
) => string;

export async function createMainTranslator(locale: string): Promise<MainTranslator> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: RESOURCES,
    lng: matchLanguage(locale) ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['menu'],
    defaultNS: 'menu',
    interpolation: { escapeValue: false },
  });
  return (key, values = {}) => instance.t(key, values);
}
