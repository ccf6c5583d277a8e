/**
 * What the server refused (or that it cannot be reached), as a sentence in the user's language:
 * the error code's own words when the locales have them, then the server's message.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusedError } from '../data/api/client.ts';
import { isErrorKey } from '../ui/record-text.ts';

export function useApiProblem(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const { t: errors } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof RefusedError)) return t('settings.unreachable');
      const { code, message } = error.envelope;
      return isErrorKey(code, (key) => i18n.exists(key)) ? `${errors(code)} ${message}` : message;
    },
    [t, errors, i18n],
  );
}
