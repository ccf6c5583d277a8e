/**
 * A peer's state in the header, while the calendar is connected to it (the website or
 * the hub): up to date, sending N, offline, needs a decision, can't log in, another
 * version. It leads to Settings, or to the decision waiting there. Nothing shows when the peer is not connected, or for a caller
 * who may not see it. On a laptop on a hub the website's state is the hub's (relayed); a hub
 * out of reach leaves it unknown: offline.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubStatus } from '#shared/schemas/hub.ts';
import type { SiteStatus } from '#shared/schemas/site.ts';
import { useAdminApi, type AdminApi } from '../data/api/admin-api.ts';

/** How often the header asks the server how the peer's sync goes. */
const REFRESH_MS = 10_000;

type Status = SiteStatus | HubStatus;

const TONE: Readonly<Record<Status['state'], string>> = {
  'not-connected': 'synced',
  'up-to-date': 'synced',
  sending: 'pending',
  offline: 'offline',
  'needs-decision': 'conflict',
  'cannot-log-in': 'offline',
  'wrong-version': 'offline',
  'other-calendar': 'offline',
};

/** Each peer: its words' namespace in the locales, and how its state is asked. */
const PEERS = {
  website: (api: AdminApi): Promise<Status> => api.siteStatus(),
  hub: (api: AdminApi): Promise<Status> => api.hubStatus(),
} as const;

/** Where the badge leads: a decision waiting opens that decision, else the peer's settings. */
const settingsFor = (peer: keyof typeof PEERS, status: Status) =>
  status.state === 'needs-decision' ? `#/settings/${peer}-decision` : '#/settings';

export function PeerStatus({ peer }: { peer: keyof typeof PEERS }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [status, setStatus] = useState<Status>();
  useEffect(() => {
    const load = () => void PEERS[peer](api).then(setStatus, () => setStatus(undefined));
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [api, peer]);
  const relayedAway = status && 'via' in status && status.via && status.state === 'offline';
  if (!status?.connection && !relayedAway) return null;
  const state = t(`${peer}.states.${status.state}` as 'website.states.offline', {
    n: status.state === 'needs-decision' ? status.conflicts : status.pending,
  });
  return (
    <div className="sync-status-region" role="status" aria-label={t(`${peer}.heading`)}>
      <a className={`sync-status is-${TONE[status.state]}`} href={settingsFor(peer, status)}>
        <span className="status-dot" aria-hidden="true" />
        <span>{t(`${peer}.header`, { state })}</span>
      </a>
    </div>
  );
}
