/**
 * Website (admins): the venue's WordPress + The Events Calendar site, kept in step with this
 * calendar by the server. Not connected: the connection's form and its test
 * (WebsiteConnectForm.tsx). Connected: the state, "Sync now", "Disconnect", and the sync log.
 * On a hub: the hub's website, relayed (RelayedWebsite.tsx).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { DisconnectButton } from './DisconnectButton.tsx';
import { ConnectForm } from './WebsiteConnectForm.tsx';
import { WebsiteConflicts } from '../../ui/WebsiteConflicts.tsx';
import { RelayedWebsite } from './RelayedWebsite.tsx';
import { ConnectionHeading, LogList, Waiting } from './WebsiteLog.tsx';

/** How often the card asks the server how the sync goes, while it is shown. */
const REFRESH_MS = 5000;
const LOG_SHOWN = 50;

/** `decide`: the page was opened for this peer's decision: its first one gets the focus. */
export function WebsiteCard({ decide = false }: { decide?: boolean }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const headingId = useId();
  const [status, setStatus] = useState<SiteStatus>();
  const [log, setLog] = useState<PeerLogEntry[]>([]);
  const [summary, setSummary] = useState<SyncSummary>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const load = useCallback(
    () =>
      api
        .siteStatus()
        .then((now) =>
          // A hub out of reach has no log to give: its state says so.
          (now.via !== null && now.connection === null
            ? Promise.resolve([])
            : api.siteLog(LOG_SHOWN)
          ).then((entries) => {
            setStatus(now);
            setLog(entries);
          }),
        )
        .catch((error: unknown) => setProblem(problemOf(error))),
    [api, problemOf],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const act = async (work: () => Promise<void>) => {
    setWorking(true);
    setProblem(undefined);
    setSummary(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setWorking(false);
      await load();
    }
  };
  const connection = status?.connection;
  return (
    <section className="card website-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('website.heading')}</h2>
      {status?.via && (
        <RelayedWebsite
          status={{ ...status, via: status.via }}
          log={log}
          decide={decide}
          onDecided={() => void load()}
        />
      )}
      {status && !status.via && !connection && (
        <>
          <p className="muted">{t('website.intro')}</p>
          <ConnectForm onConnected={() => void load()} />
        </>
      )}
      {status && !status.via && connection && (
        <>
          <ConnectionHeading status={status} />
          <Waiting pending={status.pending} />
          {status.problem && (
            <p className="field-problem" role="alert">
              {status.problem.message}
            </p>
          )}
          <div className="form-actions">
            <DisconnectButton
              peer="website"
              pending={status.pending}
              disabled={working}
              onDisconnect={() =>
                void act(async () => {
                  await api.disconnectSite();
                })
              }
            />
            <button
              type="button"
              disabled={working}
              onClick={() => void act(async () => setSummary((await api.syncSite()).summary))}
            >
              {t('website.syncNow')}
            </button>
          </div>
          {working && <p role="status">{t('website.syncing')}</p>}
          {summary && <p role="status">{t('website.summary', summary)}</p>}
          {problem && (
            <p className="field-problem" role="alert">
              {problem}
            </p>
          )}
          {status.conflicts > 0 && (
            <WebsiteConflicts focusFirst={decide} onDecided={() => void load()} />
          )}
          <h3>{t('website.logHeading')}</h3>
          <LogList entries={log} />
        </>
      )}
      {!status && problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
