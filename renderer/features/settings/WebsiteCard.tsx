/**
 * Website (admins): the venue's WordPress + The Events Calendar site, kept in step with this
 * calendar by the server, in the card both peers share (PeerCard.tsx). Not connected: the
 * connection's form and its test (WebsiteConnectForm.tsx). Connected: the state, "Sync now",
 * "Disconnect", and the sync log. On a hub: the hub's website, relayed (RelayedWebsite.tsx).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { WebsiteConflicts } from '../../ui/WebsiteConflicts.tsx';
import { PeerCard } from './PeerCard.tsx';
import { RelayedWebsite } from './RelayedWebsite.tsx';
import { ConnectForm } from './WebsiteConnectForm.tsx';
import { ConnectionHeading } from './WebsiteLog.tsx';

const LOG_SHOWN = 50;

/** `decide`: the page was opened for this peer's decision: its first one gets the focus. */
export function WebsiteCard({ decide = false }: { decide?: boolean }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const read = useCallback(
    () =>
      api.siteStatus().then(async (status) => ({
        status,
        // A hub out of reach has no log to give: its state says so.
        log: status.via !== null && status.connection === null ? [] : await api.siteLog(LOG_SHOWN),
      })),
    [api],
  );
  return (
    <PeerCard
      peer="website"
      heading={t('website.heading')}
      read={read}
      instead={({ status, log }, reload) =>
        status.via ? (
          <RelayedWebsite
            status={{ ...status, via: status.via }}
            log={log}
            decide={decide}
            onDecided={reload}
          />
        ) : undefined
      }
      intro={t('website.intro')}
      connectForm={(onConnected) => <ConnectForm onConnected={onConnected} />}
      connectionHeading={(status) => <ConnectionHeading status={status} />}
      sync={async () => (await api.syncSite()).summary}
      disconnect={() => api.disconnectSite()}
      conflicts={WebsiteConflicts}
      decide={decide}
    />
  );
}
