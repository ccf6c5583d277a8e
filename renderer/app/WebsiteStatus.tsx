/**
 * The website's state in the header (issue 38), while the calendar is connected to one: up to
 * date, sending N, offline, needs a decision, can't log in. It leads to Settings → Website.
 * Nothing shows when no website is connected, or for a caller who may not see it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '#shared/schemas/site.ts';
import { useAdminApi } from '../data/api/admin-api.ts';

/** How often the header asks the server how the website's sync goes. */
const REFRESH_MS = 10_000;

const TONE: Readonly<Record<SiteStatus['state'], string>> = {
  'not-connected': 'synced',
  'up-to-date': 'synced',
  sending: 'pending',
  offline: 'offline',
  'needs-decision': 'conflict',
  'cannot-log-in': 'offline',
};

export function WebsiteStatus() {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [status, setStatus] = useState<SiteStatus>();
  useEffect(() => {
    const load = () => void api.siteStatus().then(setStatus, () => setStatus(undefined));
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [api]);
  if (!status?.connection) return null;
  const state = t(`website.states.${status.state}`, {
    n: status.state === 'needs-decision' ? status.conflicts : status.pending,
  });
  return (
    <div className="sync-status-region" role="status" aria-label={t('website.heading')}>
      <a className={`sync-status is-${TONE[status.state]}`} href="#/settings">
        <span className="status-dot" aria-hidden="true" />
        <span>{t('website.header', { state: state })}</span>
      </a>
    </div>
  );
}
