/**
 * Phones (CalDAV): how staff add the calendar to their phones, with the address they use (the
 * hub's when the calendar is on one) and a QR code of it. Each token's own setup is offered
 * where the token is shown, once (TokensCard.tsx).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaldavAddress } from '../../hooks/use-caldav-address.ts';
import { PhoneSetup } from './PhoneSetup.tsx';

export function PhoneCard({ caldav }: { caldav: CaldavAddress }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card phone-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('phone.heading')}</h2>
      <p>{t('phone.intro')}</p>
      {caldav.onHub && <p className="muted">{t('phone.onHub')}</p>}
      {caldav.localOnly && <p className="muted">{t('phone.localOnly')}</p>}
      <PhoneSetup address={caldav.address} />
    </section>
  );
}
