/** The REST API root to paste into a website build, with a copy button. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NAMESPACES = ['tribe/events/v1', 'calendar/events/v1'] as const;

export function ApiAccessCard() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const apiRoot = `${window.location.origin}/wp-json/${NAMESPACES[0]}/`;
  const headingId = 'api-access-heading';

  const copy = async () => {
    await navigator.clipboard.writeText(apiRoot);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('api.heading')}</h2>
      <p>{t('api.description')}</p>
      <div className="api-url">
        <code data-testid="api-root">{apiRoot}</code>
        <button type="button" onClick={() => void copy().catch(() => setCopied(false))}>
          {copied ? t('api.copied') : t('api.copy')}
        </button>
      </div>
      <p className="muted">
        {t('api.namespaces')}: {NAMESPACES.join(', ')}
      </p>
    </section>
  );
}
