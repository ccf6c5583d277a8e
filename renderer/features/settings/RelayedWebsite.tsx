/**
 * Settings → Website on a laptop on a hub: the hub syncs with the website for every laptop, so
 * the card shows the hub's website as the hub sees it (its state, its decisions, its log), says
 * so, naming the hub, and offers no connection of its own: connecting, disconnecting and
 * syncing the website are done on the hub. A hub with no website, or out of reach, is said so.
 */
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry } from '#shared/schemas/peer.ts';
import { WebsiteConflicts } from '../../ui/WebsiteConflicts.tsx';
import { ConnectionHeading, LogList, StateBadge } from './WebsiteLog.tsx';

export function RelayedWebsite(props: {
  status: SiteStatus & { via: string };
  log: readonly PeerLogEntry[];
  onDecided: () => void;
  /** The page was opened for the website's decision: its first one gets the focus. */
  decide: boolean;
}) {
  const { t } = useTranslation();
  const { status } = props;
  const { connection, via } = status;
  if (!connection)
    return status.state === 'offline' ? (
      <>
        <div className="website-connected">
          <StateBadge status={status} />
          <span>{t('website.via', { address: via })}</span>
        </div>
        <p className="field-problem" role="alert">
          {t('website.hubAway')}
        </p>
      </>
    ) : (
      <p className="muted">{t('website.hubHasNone', { address: via })}</p>
    );
  return (
    <>
      <ConnectionHeading status={status} />
      <p className="muted">{t('website.onHub', { address: via })}</p>
      {status.problem && (
        <p className="field-problem" role="alert">
          {status.problem.message}
        </p>
      )}
      {status.conflicts > 0 && (
        <WebsiteConflicts focusFirst={props.decide} onDecided={props.onDecided} />
      )}
      <h3>{t('website.logHeading')}</h3>
      <LogList entries={props.log} />
    </>
  );
}
