/**
 * Website (admins): the venue's WordPress + The Events Calendar site, kept in step with this
 * calendar by the server. Not connected: the connection's form and its test
 * (WebsiteConnectForm.tsx). Connected: the state, "Sync now", "Disconnect", and the sync log.
 * On a hub: the hub's website, relayed (RelayedWebsite.tsx).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLogEntry, SiteStatus, SyncSummary } from '#shared/schemas/site.ts';
import { siteLogNote } from '#shared/sync/site-log-note.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useInstantFormat } from '../../hooks/use-date-format.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { ConnectForm } from './WebsiteConnectForm.tsx';
import { WebsiteConflicts } from '../../ui/WebsiteConflicts.tsx';
import { RelayedWebsite } from './RelayedWebsite.tsx';

/** How often the card asks the server how the sync goes, while it is shown. */
const REFRESH_MS = 5000;
const LOG_SHOWN = 50;

export function StateBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  const label = t(`website.states.${status.state}`, {
    n: status.state === 'needs-decision' ? status.conflicts : status.pending,
  });
  return (
    <span className={`website-state website-state-${status.state}`} role="status">
      {status.syncing ? t('website.syncing') : label}
    </span>
  );
}

export function LogList({ entries }: { entries: readonly SiteLogEntry[] }) {
  const { t, i18n } = useTranslation();
  const when = useInstantFormat();
  // The reason in the editor's language; an entry without a detail says the server's words.
  const note = (entry: SiteLogEntry) =>
    entry.detail
      ? siteLogNote(
          entry.detail,
          (key, options) => t(key as 'website.logEmpty', options ?? {}),
          i18n.language,
        )
      : entry.note;
  if (entries.length === 0) return <p className="muted">{t('website.logEmpty')}</p>;
  return (
    <ul className="record-list website-log">
      {entries.map((entry) => (
        <li key={entry.id} className="record-row">
          <div>
            <div className="record-name">
              {t(`website.actions.${entry.action}`, { defaultValue: entry.action })}
              {entry.name ? ` · ${entry.name}` : ''}
            </div>
            <div className="muted">
              {when(entry.at)}
              {note(entry) ? ` · ${note(entry)}` : ''}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function WebsiteCard() {
  const when = useInstantFormat();
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const headingId = useId();
  const [status, setStatus] = useState<SiteStatus>();
  const [log, setLog] = useState<SiteLogEntry[]>([]);
  const [summary, setSummary] = useState<SyncSummary>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const load = useCallback(async () => {
    try {
      const now = await api.siteStatus();
      // A hub out of reach has no log to give: its state says so.
      const relayedAway = now.via !== null && now.connection === null;
      const entries = relayedAway ? [] : await api.siteLog(LOG_SHOWN);
      setStatus(now);
      setLog(entries);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }, [api, problemOf]);
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
          <div className="website-connected">
            <StateBadge status={status} />
            <span>
              {t('website.connectedTo', {
                name: connection.site.name || connection.address,
                login: connection.login,
              })}
            </span>
          </div>
          <p className="muted">
            {connection.address} ·{' '}
            {t('website.lastSync', { when: status.lastSync ? when(status.lastSync) : '–' })}
          </p>
          {status.problem && (
            <p className="field-problem" role="alert">
              {status.problem.message}
            </p>
          )}
          <div className="form-actions">
            <button
              type="button"
              className="secondary danger-text"
              disabled={working}
              onClick={() =>
                void act(async () => {
                  await api.disconnectSite();
                })
              }
            >
              {t('website.disconnect')}
            </button>
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
          {status.conflicts > 0 && <WebsiteConflicts onDecided={() => void load()} />}
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
