/**
 * i18next resources for the eight UI languages, shared by the renderer and the Electron menu.
 * English is the reference: every other language must have exactly its keys (unit-tested).
 */
import type { Language } from '../languages.ts';
import bg_common from './locales/bg/common.json' with { type: 'json' };
import bg_errors from './locales/bg/errors.json' with { type: 'json' };
import bg_menu from './locales/bg/menu.json' with { type: 'json' };
import zhHans_common from './locales/zh-hans/common.json' with { type: 'json' };
import zhHans_errors from './locales/zh-hans/errors.json' with { type: 'json' };
import zhHans_menu from './locales/zh-hans/menu.json' with { type: 'json' };
import en_common from './locales/en/common.json' with { type: 'json' };
import en_errors from './locales/en/errors.json' with { type: 'json' };
import en_menu from './locales/en/menu.json' with { type: 'json' };
import fr_common from './locales/fr/common.json' with { type: 'json' };
import fr_errors from './locales/fr/errors.json' with { type: 'json' };
import fr_menu from './locales/fr/menu.json' with { type: 'json' };
import de_common from './locales/de/common.json' with { type: 'json' };
import de_errors from './locales/de/errors.json' with { type: 'json' };
import de_menu from './locales/de/menu.json' with { type: 'json' };
import ja_common from './locales/ja/common.json' with { type: 'json' };
import ja_errors from './locales/ja/errors.json' with { type: 'json' };
import ja_menu from './locales/ja/menu.json' with { type: 'json' };
import ptBr_common from './locales/pt-br/common.json' with { type: 'json' };
import ptBr_errors from './locales/pt-br/errors.json' with { type: 'json' };
import ptBr_menu from './locales/pt-br/menu.json' with { type: 'json' };
import es_common from './locales/es/common.json' with { type: 'json' };
import es_errors from './locales/es/errors.json' with { type: 'json' };
import es_menu from './locales/es/menu.json' with { type: 'json' };

export const NAMESPACES = ['common', 'errors', 'menu'] as const;

export type Resources = {
  common: typeof en_common;
  errors: typeof en_errors;
  menu: typeof en_menu;
};

export const RESOURCES: Readonly<Record<Language, Resources>> = {
  bg: { common: bg_common, errors: bg_errors, menu: bg_menu },
  'zh-hans': { common: zhHans_common, errors: zhHans_errors, menu: zhHans_menu },
  en: { common: en_common, errors: en_errors, menu: en_menu },
  fr: { common: fr_common, errors: fr_errors, menu: fr_menu },
  de: { common: de_common, errors: de_errors, menu: de_menu },
  ja: { common: ja_common, errors: ja_errors, menu: ja_menu },
  'pt-br': { common: ptBr_common, errors: ptBr_errors, menu: ptBr_menu },
  es: { common: es_common, errors: es_errors, menu: es_menu },
};
