/**
 * Snapshots (admins): the copies of the calendar the server keeps in the backups folder of its
 * data directory, newest first, with "Snapshot now" and "Restore this snapshot". A restore asks
 * first and says what happens: the server snapshots the calendar as it is, then restores; the
 * editor's replica loads everything again by itself (the server refuses its old checkpoint).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '#shared/schemas/snapshot.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { hour12In } from '../../ui/calendar-locale.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';

/** When a snapshot was made, in the UI language, the user's clock and the calendar's zone. */
function useSnapshotDate(): (snapshot: Snapshot) => string {
  const { i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useCallback(
    (snapshot) =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: timezone,
        hour12: hour12In(i18n.language, navigator.language),
      }).format(new Date(`${snapshot.created.replace(' ', 'T')}Z`)),
    [i18n.language, timezone],
  );
}

export function SnapshotsCard() {
  const { t, i18n } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const dateOf = useSnapshotDate();
  const headingId = useId();
  const confirmId = useId();
  const [snapshots, setSnapshots] = useState<Snapshot[]>();
  const [confirming, setConfirming] = useState<Snapshot>();
  /** While a request runs: what to say meanwhile ('' for nothing). */
  const [working, setWorking] = useState<string>();
  const busy = working !== undefined;
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const load = useCallback(
    () => api.snapshots().then(setSnapshots, (error: unknown) => setProblem(problemOf(error))),
    [api, problemOf],
  );
  useEffect(() => void load(), [load]);
  // The question takes the focus, so it is read out and answered from the keyboard.
  useEffect(() => confirmButton.current?.focus(), [confirming]);

  const megabytes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  });

  /** One request at a time; what it did, or why not, is said below the buttons. */
  const run = async (meanwhile: string, work: () => Promise<string>) => {
    setWorking(meanwhile);
    setStatus(undefined);
    setProblem(undefined);
    try {
      setStatus(await work());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setWorking(undefined);
      await load();
    }
  };
  const snapshotNow = () =>
    run('', async () => {
      await api.createSnapshot();
      return t('snapshots.made');
    });
  const restore = (snapshot: Snapshot) =>
    run(t('snapshots.restoring'), async () => {
      setConfirming(undefined);
      await api.restoreSnapshot(snapshot.name);
      return t('snapshots.restored', { when: dateOf(snapshot) });
    });

  return (
    <section className="card snapshots-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('snapshots.heading')}</h2>
      <p className="muted">{t('snapshots.intro')}</p>
      <div className="form-actions">
        <button type="button" disabled={busy} onClick={() => void snapshotNow()}>
          {t('snapshots.now')}
        </button>
      </div>
      {confirming && (
        <div className="new-token" role="alertdialog" aria-labelledby={confirmId}>
          <p id={confirmId}>{t('snapshots.confirm', { when: dateOf(confirming) })}</p>
          <div className="confirm">
            <button
              type="button"
              className="danger"
              ref={confirmButton}
              disabled={busy}
              onClick={() => void restore(confirming)}
            >
              {t('snapshots.confirmRestore')}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(undefined)}>
              {t('editor.cancel')}
            </button>
          </div>
        </div>
      )}
      {working && <p role="status">{working}</p>}
      {!busy && status && <p role="status">{status}</p>}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {snapshots && snapshots.length === 0 && <p className="muted">{t('snapshots.none')}</p>}
      {snapshots && snapshots.length > 0 && (
        <ul className="record-list">
          {snapshots.map((snapshot) => (
            <li key={snapshot.name} className="record-row" title={snapshot.name}>
              <div>
                <div className="record-name">{dateOf(snapshot)}</div>
                <div className="muted">
                  {t('snapshots.details', {
                    reason: t(`snapshots.reasons.${snapshot.reason}`),
                    size: megabytes.format(snapshot.size / 1_000_000),
                    events: snapshot.events ?? '–',
                  })}
                </div>
              </div>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={t('snapshots.restoreNamed', { when: dateOf(snapshot) })}
                onClick={() => setConfirming(snapshot)}
              >
                {t('snapshots.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
