/**
 * Hub (admins): another Marquee server through which this calendar is shared with other
 * laptops, in the card both peers share (PeerCard.tsx). Not connected: the connection's form
 * and its check (HubConnectForm.tsx). Connected: the state, "Sync now", "Disconnect", another
 * token (HubTokenForm.tsx), the decisions waiting, and the sync log. It says that the website
 * is to be connected on the hub only: the hub then talks to it for all.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubStatus } from '#shared/schemas/hub.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useInstantFormat } from '../../hooks/use-date-format.ts';
import { HubConflicts } from '../../ui/HubConflicts.tsx';
import { HubConnectForm } from './HubConnectForm.tsx';
import { HubTokenForm } from './HubTokenForm.tsx';
import { PeerCard } from './PeerCard.tsx';

const LOG_SHOWN = 50;

/** Which hub, as whom, its state and when it last synced. */
function HubHeading({ status }: { status: HubStatus }) {
  const { t } = useTranslation();
  const when = useInstantFormat();
  const state = t(`hub.states.${status.state}`, {
    n: status.state === 'needs-decision' ? status.conflicts : status.pending,
  });
  return (
    <>
      <div className="website-connected">
        <span className={`website-state website-state-${status.state}`} role="status">
          {status.syncing ? t('website.syncing') : state}
        </span>
        {status.connection && (
          <span>
            {t('hub.connectedTo', {
              address: status.connection.address,
              login: status.connection.login,
            })}
          </span>
        )}
      </div>
      <p className="muted">
        {t('website.lastSync', { when: status.lastSync ? when(status.lastSync) : '–' })}
      </p>
    </>
  );
}

/** `decide`: the page was opened for this peer's decision: its first one gets the focus. */
export function HubCard({ decide = false }: { decide?: boolean }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const read = useCallback(
    () =>
      Promise.all([api.hubStatus(), api.hubLog(LOG_SHOWN)]).then(([status, log]) => ({
        status,
        log,
      })),
    [api],
  );
  return (
    <PeerCard
      peer="hub"
      heading={t('hub.heading')}
      note={<p className="muted">{t('hub.websiteNote')}</p>}
      read={read}
      intro={t('hub.intro')}
      connectForm={(onConnected) => <HubConnectForm onConnected={onConnected} />}
      connectionHeading={(status) => <HubHeading status={status} />}
      sync={async () => (await api.syncHub()).summary}
      disconnect={() => api.disconnectHub()}
      more={(status, reload) => (
        <HubTokenForm refused={status.state === 'cannot-log-in'} onReplaced={reload} />
      )}
      conflicts={HubConflicts}
      decide={decide}
    />
  );
}
