/**
 * A page that fails to draw (a fault in the editor's code, met on data it did not expect) says so
 * in its own place: the header, the sections and every other page stay usable, and the page is
 * drawn again on "Try again", when the user opens another one, or when the calendar's settings
 * change (a zone this browser did not know, replaced by the server's answer). Without it React
 * unmounts the whole app and leaves a blank window. What is saved is in the replica, not in the
 * page: nothing is lost by it.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCalendarSettings } from '../data/hooks.ts';

function PageError({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <section className="card page-error" role="alert" aria-labelledby="page-error-heading">
      <h2 id="page-error-heading">{t('app.pageError.heading')}</h2>
      <p>{t('app.pageError.body')}</p>
      <p className="muted">
        <code>{error instanceof Error ? error.message : String(error)}</code>
      </p>
      <button type="button" onClick={resetErrorBoundary}>
        {t('app.pageError.retry')}
      </button>
    </section>
  );
}

/** Drawn again when the user opens another page, or when the calendar's settings change. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { timezone, defaultLanguage, currency } = useCalendarSettings();
  return (
    <ErrorBoundary
      FallbackComponent={PageError}
      resetKeys={[location, timezone, defaultLanguage, JSON.stringify(currency)]}
      onError={(error) => console.error(error)}
    >
      {children}
    </ErrorBoundary>
  );
}
