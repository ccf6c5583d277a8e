/**
 * A peer's sync log (the website's, the hub's), each reason in the editor's language, and the
 * website's state as a badge: what Settings → Website shows, connected or relayed by a hub.
 */
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry } from '#shared/schemas/peer.ts';
import { siteLogNote } from '#shared/sync/site-log-note.ts';
import { useInstantFormat } from '../../hooks/use-date-format.ts';

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

/**
 * Which website, as whom, its state, when it last synced, and (relayed) through which hub: the
 * heading of a connected website, the calendar's own or its hub's.
 */
export function ConnectionHeading({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  const when = useInstantFormat();
  const { connection, via } = status;
  if (!connection) return null;
  return (
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
        {connection.address} · {via && <>{t('website.via', { address: via })} · </>}
        {t('website.lastSync', { when: status.lastSync ? when(status.lastSync) : '–' })}
      </p>
    </>
  );
}

/** How many changes made here wait to be sent (while the peer is down, they are kept). */
export function Waiting({ pending }: { pending: number }) {
  const { t } = useTranslation();
  return pending > 0 ? <p className="muted">{t('website.waiting', { count: pending })}</p> : null;
}

export function LogList({ entries }: { entries: readonly PeerLogEntry[] }) {
  const { t, i18n } = useTranslation();
  const when = useInstantFormat();
  // The reason in the editor's language; an entry without a detail says the server's words.
  const note = (entry: PeerLogEntry) =>
    entry.detail
      ? siteLogNote(
          entry.detail,
          (key, options) => t(key as 'website.logEmpty', options ?? {}),
          i18n.language,
        )
      : entry.note;
  // A problem tried again is one line: how often, and (the newest line) when the next try is.
  const retries = (entry: PeerLogEntry, newest: boolean) => {
    const { tries, next } = entry.detail?.values ?? {};
    const said: string[] = [];
    if (typeof tries === 'string' && Number(tries) > 1)
      said.push(t('website.problemTries', { count: Number(tries) }));
    if (newest && typeof next === 'string') said.push(t('website.nextTry', { when: when(next) }));
    return said.map((words) => ` · ${words}`).join('');
  };
  if (entries.length === 0) return <p className="muted">{t('website.logEmpty')}</p>;
  return (
    <ul className="record-list website-log">
      {entries.map((entry, index) => (
        <li key={entry.id} className="record-row">
          <div>
            <div className="record-name">
              {t(`website.actions.${entry.action}`, { defaultValue: entry.action })}
              {entry.name ? ` · ${entry.name}` : ''}
            </div>
            <div className="muted">
              {when(entry.at)}
              {note(entry) ? ` · ${note(entry)}` : ''}
              {entry.action === 'problem' && retries(entry, index === 0)}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
