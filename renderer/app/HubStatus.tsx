/**
 * The hub's state in the header (issue 39), while the calendar is connected to one: up to date,
 * sending N, offline, needs a decision, token refused, other version. It leads to Settings →
 * Hub. Nothing shows when no hub is connected, or for a caller who may not see it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubStatus as Status } from '#shared/schemas/hub.ts';
import { useAdminApi } from '../data/api/admin-api.ts';

/** How often the header asks the server how the hub's sync goes. */
const REFRESH_MS = 10_000;

const TONE: Readonly<Record<Status['state'], string>> = {
  'not-connected': 'synced',
  'up-to-date': 'synced',
  sending: 'pending',
  offline: 'offline',
  'needs-decision': 'conflict',
  'cannot-log-in': 'offline',
  'wrong-version': 'offline',
};

export function HubStatus() {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [status, setStatus] = useState<Status>();
  useEffect(() => {
    const load = () => void api.hubStatus().then(setStatus, () => setStatus(undefined));
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [api]);
  if (!status?.connection) return null;
  const state = t(`hub.states.${status.state}`, {
    n: status.state === 'needs-decision' ? status.conflicts : status.pending,
  });
  return (
    <div className="sync-status-region" role="status" aria-label={t('hub.heading')}>
      <a className={`sync-status is-${TONE[status.state]}`} href="#/settings">
        <span className="status-dot" aria-hidden="true" />
        <span>{t('hub.header', { state })}</span>
      </a>
    </div>
  );
}
