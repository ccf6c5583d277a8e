/**
 * Connecting the website (Settings → Website): the address, the user and an application
 * password; "Test" says who the site is (its name, TEC's version, the user's role and what it
 * may not do) and previews the first sync; nothing is written on either side until "Connect
 * and sync".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES } from '#shared/languages.ts';
import { exposesSecrets } from '#shared/net/loopback.ts';
import type { SiteTest } from '#shared/schemas/site.ts';
import type { KindCounts } from '#shared/schemas/peer.ts';
import { useAdminApi, type SiteLogin } from '../../data/api/admin-api.ts';
import { RefusedError } from '../../data/api/client.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { Field } from '../../ui/Field.tsx';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { MatchedPairs } from './MatchedPairs.tsx';

/** The typed address as the server reads it (no scheme: https); none while it is no address. */
function addressOf(typed: string): { protocol: string; hostname: string } {
  try {
    return new URL(typed.includes('://') ? typed : `https://${typed}`);
  } catch {
    return { protocol: '', hostname: '' };
  }
}

const KIND_ROWS: readonly (keyof KindCounts)[] = ['event', 'venue', 'organizer', 'category', 'tag'];
const COLUMNS = ['site', 'calendar', 'same', 'differing', 'toSite', 'toCalendar'] as const;

function Preview({ test }: { test: SiteTest }) {
  const { t } = useTranslation();
  const { site, preview } = test;
  return (
    <div className="website-test">
      <dl className="website-facts">
        <dt>{t('website.siteName')}</dt>
        <dd>{site.name || site.address}</dd>
        <dt>{t('website.tecVersion')}</dt>
        <dd>{site.tecVersion ?? t('website.tecVersionHidden')}</dd>
        <dt>{t('website.role')}</dt>
        <dd>
          {site.user.login} ({site.user.roles.join(', ')})
        </dd>
      </dl>
      {site.warnings.map((warning) => (
        <p key={warning} className="field-problem">
          {t(`website.warnings.${warning}`, { defaultValue: warning })}
        </p>
      ))}
      <h3>{t('website.previewHeading')}</h3>
      <table className="tokens website-preview">
        <thead>
          <tr>
            <th scope="col" />
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`website.columns.${column}`)}
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
      {preview.series.length > 0 && (
        <p className="website-series">
          {t('website.seriesNote', {
            count: preview.series.length,
            events: preview.calendar.event,
            occurrences: preview.series.reduce((sum, each) => sum + each.occurrences, 0),
          })}
        </p>
      )}
      <p className="muted">{t('website.matchedBy')}</p>
      <MatchedPairs matched={preview.matched} same={preview.same} />
    </div>
  );
}

export function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const { defaultLanguage } = useCalendarSettings();
  const [login, setLogin] = useState<SiteLogin>({
    address: '',
    login: '',
    password: '',
    language: defaultLanguage,
    insecure: false,
  });
  const [test, setTest] = useState<SiteTest>();
  const [working, setWorking] = useState<string>();
  // What went wrong, said at each render so it follows the editor's language.
  const [problem, setProblem] = useState<{ error: unknown } | 'no-address'>();
  const plainHttp = exposesSecrets(addressOf(login.address));
  // The box allows plain http only for the address it was shown for.
  const sent = { ...login, insecure: plainHttp && login.insecure };
  const change = <F extends keyof SiteLogin>(field: F, value: SiteLogin[F]) => {
    setLogin((before) => ({ ...before, [field]: value }));
    // What was tested is not what would be connected any more, nor is what it answered.
    setTest(undefined);
    setProblem(undefined);
  };
  const run = async (meanwhile: string, work: () => Promise<void>) => {
    setWorking(meanwhile);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem({ error });
    } finally {
      setWorking(undefined);
    }
  };
  // Before anything is connected, the two usual mistakes say what to check (not "tries again
  // later", which holds for a connection that works already): the address, or the password.
  const testProblem = (error: unknown) => {
    const code = error instanceof RefusedError ? error.envelope.code : undefined;
    if (code === 'marquee_site_unreachable')
      return t('website.testUnreachable', { address: login.address.trim() });
    if (code === 'marquee_site_login_failed') return t('website.testLoginFailed');
    return undefined;
  };
  const busy = working !== undefined;
  const said =
    problem === 'no-address'
      ? t('website.addressInvalid')
      : problem && (testProblem(problem.error) ?? problemOf(problem.error));
  return (
    <>
      <form
        className="settings-form website-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!addressOf(login.address).hostname) {
            setProblem('no-address');
            return;
          }
          void run(t('website.testing'), async () => setTest(await api.testSite(sent)));
        }}
      >
        <Field label={t('website.address')} hint={t('website.addressHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              required
              value={login.address}
              onChange={(event) => change('address', event.target.value)}
            />
          )}
        </Field>
        {plainHttp && (
          <>
            <p className="field-problem" role="alert">
              {t('website.plainHttp')}
            </p>
            <label className="check">
              <input
                type="checkbox"
                checked={login.insecure}
                onChange={(event) => change('insecure', event.target.checked)}
              />
              {t('website.insecure')}
            </label>
          </>
        )}
        <Field label={t('website.login')}>
          {(ids) => (
            <input
              id={ids.id}
              required
              autoComplete="username"
              value={login.login}
              onChange={(event) => change('login', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('website.password')} hint={t('website.passwordHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="password"
              required
              autoComplete="current-password"
              value={login.password}
              onChange={(event) => change('password', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('website.language')}>
          {(ids) => (
            <select
              id={ids.id}
              value={login.language}
              onChange={(event) => change('language', event.target.value)}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {languageName(language, i18n.language)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className={test ? 'secondary' : undefined} disabled={busy}>
            {t('website.test')}
          </button>
        </div>
      </form>
      {test && <Preview test={test} />}
      {test && (
        <div className="form-actions">
          <p className="muted">{t('website.nothingWritten')}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(t('website.connecting'), async () => {
                await api.connectSite(sent);
                onConnected();
              })
            }
          >
            {t('website.connect')}
          </button>
        </div>
      )}
      {working && <p role="status">{working}</p>}
      {said && (
        <p className="field-problem" role="alert">
          {said}
        </p>
      )}
    </>
  );
}
