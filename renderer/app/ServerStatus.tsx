/** Whether the built-in server answers: a live status region, so screen readers hear changes. */
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../data/server-health.ts';

export function ServerStatus({ server }: { server: ServerState }) {
  const { t } = useTranslation();
  const label =
    server.state === 'checking'
      ? t('status.checking')
      : server.state === 'online'
        ? t('status.online')
        : t('status.offline');
  return (
    <div
      className={`server-status is-${server.state}`}
      role="status"
      aria-label={t('status.label')}
    >
      <span className="status-dot" aria-hidden="true" />
      <span>{label}</span>
      {server.state === 'online' && (
        <span className="status-version">
          {t('status.version', { version: server.health.version })}
        </span>
      )}
    </div>
  );
}
