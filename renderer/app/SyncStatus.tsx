/**
 * The replica's sync state in the header: up to date, changes waiting, offline (changes kept),
 * or decisions needed. It opens the panel of changes that need the user.
 */
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../data/hooks.ts';
import { isErrorKey } from '../ui/record-text.ts';
import { SYNC_PANEL_ID } from '../features/sync/SyncPanel.tsx';

export function SyncStatus({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const { t: errors } = useTranslation('errors');
  const status = useSyncStatus();
  const refusal = isErrorKey(status.refusal, (key) => i18n.exists(key))
    ? errors(status.refusal)
    : status.refusal;
  const label =
    status.state === 'conflict'
      ? t('sync.conflict', { count: status.problems })
      : status.state === 'offline'
        ? refusal
          ? t('sync.refused', { reason: refusal })
          : t('sync.offline')
        : status.state === 'pending'
          ? t('sync.pending', { count: status.pending })
          : status.syncing
            ? t('sync.syncing')
            : t('sync.synced');
  return (
    <div className="sync-status-region" role="status" aria-label={t('sync.label')}>
      <button
        type="button"
        className={`sync-status is-${status.state}`}
        aria-expanded={open}
        aria-controls={SYNC_PANEL_ID}
        onClick={onToggle}
      >
        <span className="status-dot" aria-hidden="true" />
        <span>{label}</span>
      </button>
    </div>
  );
}
