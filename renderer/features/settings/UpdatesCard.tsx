/**
 * Updates: the version running, whether this machine updates itself (each machine's own
 * setting), and, in the desktop app, where its update is and what the next version brings.
 * The policy itself (when to look, when to install) is shared/updates/update-policy.ts.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import type { SettingsUpdate } from '#shared/schemas/settings.ts';
import type { UpdateStatus } from '#shared/updates/update-policy.ts';

/** How often the window asks the app where its update is, while Settings is open. */
const STATUS_POLL_MS = 2000;

function useUpdateStatus(): UpdateStatus | undefined {
  const [status, setStatus] = useState<UpdateStatus>();
  useEffect(() => {
    const bridge = (window as { marquee?: MarqueeBridge }).marquee;
    if (!bridge) return;
    let live = true;
    const ask = () =>
      void bridge.getUpdateStatus().then((next) => {
        if (live) setStatus(next);
      });
    ask();
    const timer = setInterval(ask, STATUS_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return status;
}

function StatusLine({ status }: { status: UpdateStatus }) {
  const { t } = useTranslation();
  switch (status.phase) {
    case 'idle':
      return t('updates.idle');
    case 'checking':
      return t('updates.checking');
    case 'up-to-date':
      return t('updates.upToDate');
    case 'downloading':
      return t('updates.downloading', { version: status.version, percent: status.percent });
    case 'downloaded':
      return t('updates.downloaded', { version: status.version });
    case 'failed':
      return t('updates.failed', { message: status.message });
  }
}

export function UpdatesCard({
  version,
  automatic,
  onSave,
}: {
  version: string | undefined;
  automatic: boolean;
  onSave: (change: SettingsUpdate) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const status = useUpdateStatus();
  // Shown at once as clicked, until the saved settings say (back as it was if refused).
  const [chosen, setChosen] = useState<boolean>();
  const on = chosen ?? automatic;
  const headingId = 'updates-heading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('updates.heading')}</h2>
      {version && <p>{t('updates.current', { version })}</p>}
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="updates-hint"
          onChange={(event) => {
            setChosen(event.target.checked);
            void onSave({ autoUpdate: event.target.checked }).finally(() => setChosen(undefined));
          }}
        />
        {t('updates.automatic')}
      </label>
      <p id="updates-hint" className="muted">
        {t('updates.automaticHint')}
      </p>
      <p role="status" className="muted">
        {status ? <StatusLine status={status} /> : t('updates.browserOnly')}
      </p>
      {status?.phase === 'downloaded' && status.releaseNotes && (
        <>
          <h3 className="release-notes-heading">
            {t('updates.whatsNew', { version: status.version })}
          </h3>
          <p className="release-notes">{status.releaseNotes}</p>
        </>
      )}
    </section>
  );
}
