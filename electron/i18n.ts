/** Menu and dialog texts of the main process, from the shared resources, in the OS's language. */
import i18next from 'i18next';
import type { CommandId } from '#shared/commands.ts';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import { RESOURCES } from '#shared/i18n/resources.ts';

export type MainTranslator = ((
  key: keyof (typeof RESOURCES)['en']['menu'],
  values?: Record<string, unknown>,
) => string) & {
  /** A command's label, as the editor shows it. */
  command: (id: CommandId) => string;
};

export async function createMainTranslator(locale: string): Promise<MainTranslator> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: RESOURCES,
    lng: matchLanguage(locale) ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['menu', 'common'],
    defaultNS: 'menu',
    interpolation: { escapeValue: false },
  });
  const t = (key: keyof (typeof RESOURCES)['en']['menu'], values = {}) => instance.t(key, values);
  return Object.assign(t, {
    command: (id: CommandId) => instance.t(`commands.${id}`, { ns: 'common' }),
  });
}
