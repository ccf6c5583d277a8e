/**
 * The header's count of double bookings still ahead, leading to the clashes view; nothing shows
 * while there is none.
 */
import { useTranslation } from 'react-i18next';
import { useClashes } from './use-clashes.ts';

export function ClashesBadge() {
  const { t } = useTranslation();
  const count = useClashes()?.length ?? 0;
  if (count === 0) return null;
  return (
    <a className="sync-status is-conflict" href="#/clashes">
      <span className="status-dot" aria-hidden="true" />
      <span>{t('clashes.header', { count })}</span>
    </a>
  );
}
