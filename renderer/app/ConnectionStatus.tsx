/**
 * One badge for the editor's line to its server, so it never says two things at once: offline
 * (the server unreachable, by the health check or the sync stream's end: changes are kept),
 * decisions needed, changes waiting, syncing, or up to date. It opens the panel of changes that
 * need the user; its title names the server's version.
 */
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../data/hooks.ts';
import type { ServerState } from '../data/server-health.ts';
import { isErrorKey } from '../ui/record-text.ts';
import { SYNC_PANEL_ID } from '../features/sync/SyncPanel.tsx';

type Props = { server: ServerState; open: boolean; onToggle: () => void };

export function ConnectionStatus({ server, open, onToggle }: Props) {
  const { t, i18n } = useTranslation();
  const { t: errors } = useTranslation('errors');
  const status = useSyncStatus();
  const refusal = isErrorKey(status.refusal, (key) => i18n.exists(key))
    ? errors(status.refusal)
    : status.refusal;
  const offline = status.state === 'offline' || server.state === 'offline';
  const state = offline ? 'offline' : server.state === 'checking' ? 'checking' : status.state;
  const label =
    state === 'offline'
      ? refusal
        ? t('sync.refused', { reason: refusal })
        : t('sync.offline')
      : state === 'checking'
        ? t('status.checking')
        : state === 'conflict'
          ? t('sync.conflict', { count: status.problems })
          : state === 'pending'
            ? t('sync.pending', { count: status.pending })
            : status.syncing
              ? t('sync.syncing')
              : t('sync.synced');
  const version =
    server.state === 'online'
      ? t('status.version', { version: server.health.version })
      : server.state === 'offline' && server.last
        ? t('status.version', { version: server.last.version })
        : undefined;
  return (
    <div className="sync-status-region" role="status" aria-label={t('sync.label')}>
      <button
        type="button"
        className={`sync-status is-${state}`}
        aria-expanded={open}
        aria-controls={SYNC_PANEL_ID}
        title={version}
        onClick={onToggle}
      >
        <span className="status-dot" aria-hidden="true" />
        <span>{label}</span>
      </button>
    </div>
  );
}
