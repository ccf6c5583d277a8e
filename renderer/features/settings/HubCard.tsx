/**
 * Hub (admins): another Marquee server through which this calendar is shared with other
 * laptops. Not connected: the connection's form and its check (HubConnectForm.tsx).
 * Connected: the state, "Sync now", "Disconnect", another token (HubTokenForm.tsx), the
 * decisions waiting, and the sync log. It
 * says that the website is to be connected on the hub only: the hub then talks to it for all.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubStatus } from '#shared/schemas/hub.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useInstantFormat } from '../../hooks/use-date-format.ts';
import { HubConflicts } from '../../ui/HubConflicts.tsx';
import { HubConnectForm } from './HubConnectForm.tsx';
import { HubTokenForm } from './HubTokenForm.tsx';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { DisconnectButton } from './DisconnectButton.tsx';
import { LogList, Waiting } from './WebsiteLog.tsx';

/** How often the card asks the server how the sync goes, while it is shown. */
const REFRESH_MS = 5000;
const LOG_SHOWN = 50;

/** `decide`: the page was opened for this peer's decision: its first one gets the focus. */
export function HubCard({ decide = false }: { decide?: boolean }) {
  const when = useInstantFormat();
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const headingId = useId();
  const [status, setStatus] = useState<HubStatus>();
  const [log, setLog] = useState<PeerLogEntry[]>([]);
  const [summary, setSummary] = useState<SyncSummary>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const load = useCallback(
    () =>
      Promise.all([api.hubStatus(), api.hubLog(LOG_SHOWN)]).then(
        ([now, entries]) => {
          setStatus(now);
          setLog(entries);
        },
        (error: unknown) => setProblem(problemOf(error)),
      ),
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
  const state = status
    ? t(`hub.states.${status.state}`, {
        n: status.state === 'needs-decision' ? status.conflicts : status.pending,
      })
    : '';
  return (
    <section className="card website-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('hub.heading')}</h2>
      <p className="muted">{t('hub.websiteNote')}</p>
      {status && !connection && (
        <>
          <p className="muted">{t('hub.intro')}</p>
          <HubConnectForm onConnected={() => void load()} />
        </>
      )}
      {status && connection && (
        <>
          <div className="website-connected">
            <span className={`website-state website-state-${status.state}`} role="status">
              {status.syncing ? t('website.syncing') : state}
            </span>
            <span>
              {t('hub.connectedTo', { address: connection.address, login: connection.login })}
            </span>
          </div>
          <p className="muted">
            {t('website.lastSync', { when: status.lastSync ? when(status.lastSync) : '–' })}
          </p>
          <Waiting pending={status.pending} />
          {status.problem && (
            <p className="field-problem" role="alert">
              {status.problem.message}
            </p>
          )}
          <div className="form-actions">
            <DisconnectButton
              peer="hub"
              pending={status.pending}
              disabled={working}
              onDisconnect={() =>
                void act(async () => {
                  await api.disconnectHub();
                })
              }
            />
            <button
              type="button"
              disabled={working}
              onClick={() => void act(async () => setSummary((await api.syncHub()).summary))}
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
          <HubTokenForm refused={status.state === 'cannot-log-in'} onReplaced={() => void load()} />
          {status.conflicts > 0 && (
            <HubConflicts focusFirst={decide} onDecided={() => void load()} />
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
