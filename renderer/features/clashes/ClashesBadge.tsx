/**
 * The header's count of double bookings still ahead, leading to the clashes view; nothing shows
 * while there is none. Only the count is shown (its words are its name and tooltip): beside the
 * sync status, whose offline sentence is long in some languages, the words pushed the header
 * past the window's width.
 */
import { useTranslation } from 'react-i18next';
import { useClashes } from './use-clashes.ts';

export function ClashesBadge() {
  const { t } = useTranslation();
  const count = useClashes().clashes?.length ?? 0;
  if (count === 0) return null;
  const label = t('clashes.header', { count });
  return (
    <a className="sync-status is-conflict" href="#/clashes" aria-label={label} title={label}>
      <span className="status-dot" aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
    </a>
  );
}
