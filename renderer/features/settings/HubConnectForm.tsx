/**
 * Connecting a hub (Settings → Hub): its address, a token made on it, and whether plain http is
 * allowed; "Check" says which Marquee answers and whose the token is, and what the first sync
 * does (on an empty laptop, what will arrive); nothing is written on either side until "Connect
 * and sync".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubTest } from '#shared/schemas/hub.ts';
import type { KindCounts } from '#shared/schemas/peer.ts';
import { useAdminApi, type HubLogin } from '../../data/api/admin-api.ts';
import { Field } from '../../ui/Field.tsx';
import { useApiProblem } from '../../hooks/use-api-problem.ts';

const KIND_ROWS: readonly (keyof KindCounts)[] = ['event', 'venue', 'organizer', 'category', 'tag'];
const COLUMNS = ['hub', 'calendar', 'same', 'toHub', 'toCalendar'] as const;

function Preview({ test }: { test: HubTest }) {
  const { t } = useTranslation();
  const { hub, preview } = test;
  return (
    <div className="website-test">
      <p>{t('hub.hubVersion', { version: hub.version, name: hub.user.name })}</p>
      <h3>{t('hub.previewHeading')}</h3>
      <table className="tokens website-preview">
        <thead>
          <tr>
            <th scope="col" />
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`hub.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {KIND_ROWS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`website.kinds.${kind}`)}</th>
              {COLUMNS.map((column) => (
                <td key={column}>{preview[column][kind]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HubConnectForm({ onConnected }: { onConnected: () => void }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const [login, setLogin] = useState<HubLogin>({ address: '', token: '', insecure: false });
  const [test, setTest] = useState<HubTest>();
  const [working, setWorking] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const change = (patch: Partial<HubLogin>) => {
    setLogin((before) => ({ ...before, ...patch }));
    // What was checked is not what would be connected any more.
    setTest(undefined);
  };
  const run = async (meanwhile: string, work: () => Promise<void>) => {
    setWorking(meanwhile);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setWorking(undefined);
    }
  };
  const busy = working !== undefined;
  return (
    <>
      <form
        className="settings-form website-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(t('hub.checking'), async () => setTest(await api.testHub(login)));
        }}
      >
        <Field label={t('hub.address')} hint={t('hub.addressHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="url"
              required
              value={login.address}
              onChange={(event) => change({ address: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('hub.token')} hint={t('hub.tokenHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="password"
              required
              autoComplete="off"
              value={login.token}
              onChange={(event) => change({ token: event.target.value })}
            />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={login.insecure}
            onChange={(event) => change({ insecure: event.target.checked })}
          />
          {t('hub.insecure')}
        </label>
        <div className="form-actions">
          <button type="submit" className={test ? 'secondary' : undefined} disabled={busy}>
            {t('hub.check')}
          </button>
        </div>
      </form>
      {test && <Preview test={test} />}
      {test && (
        <div className="form-actions">
          <p className="muted">{t('hub.nothingWritten')}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(t('hub.connecting'), async () => {
                await api.connectHub(login);
                onConnected();
              })
            }
          >
            {t('hub.connect')}
          </button>
        </div>
      )}
      {working && <p role="status">{working}</p>}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
