/** Typed translation keys: t('sync.synced') is checked against the English resources. */
import 'i18next';
import type { Resources } from '#shared/i18n/resources.ts';

declare module 'i18next' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
