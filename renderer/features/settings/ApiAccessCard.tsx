/** The REST API root to paste into a website build, with a copy button. */
import { useTranslation } from 'react-i18next';
import { CopyableAddress } from '../../ui/CopyableAddress.tsx';

const NAMESPACES = ['tribe/events/v1', 'calendar/events/v1'] as const;

export function ApiAccessCard() {
  const { t } = useTranslation();
  const apiRoot = `${window.location.origin}/wp-json/${NAMESPACES[0]}/`;
  const headingId = 'api-access-heading';

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('api.heading')}</h2>
      <p>{t('api.description')}</p>
      <CopyableAddress address={apiRoot} />
      <p className="muted">
        {t('api.namespaces')}: {NAMESPACES.join(', ')}
      </p>
    </section>
  );
}
