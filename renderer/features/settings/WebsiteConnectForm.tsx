/**
 * Connecting the website (Settings → Website): the address, the user and an application
 * password; "Test" says who the site is (its name, TEC's version, the user's role and what it
 * may not do) and previews the first sync; nothing is written on either side until "Connect
 * and sync".
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES } from '#shared/languages.ts';
import { exposesSecrets } from '#shared/net/loopback.ts';
import type { SiteTest } from '#shared/schemas/site.ts';
import { useAdminApi, type SiteLogin } from '../../data/api/admin-api.ts';
import { RefusedError } from '../../data/api/client.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { Field } from '../../ui/Field.tsx';
import { SecretField } from '../../ui/SecretField.tsx';
import { MatchedPairs } from './MatchedPairs.tsx';
import { PeerConnectForm, PreviewCounts } from './PeerConnectForm.tsx';

/** The typed address as the server reads it (no scheme: https); none while it is no address. */
function addressOf(typed: string): { protocol: string; hostname: string } {
  try {
    return new URL(typed.includes('://') ? typed : `https://${typed}`);
  } catch {
    return { protocol: '', hostname: '' };
  }
}

// Before anything is connected, the two usual mistakes say what to check (not "tries again
// later", which holds for a connection that works already): the address, or the password.
const testProblem =
  (t: TFunction) =>
  (error: unknown, login: SiteLogin): string | undefined => {
    const code = error instanceof RefusedError ? error.envelope.code : undefined;
    if (code === 'marquee_site_unreachable')
      return t('website.testUnreachable', { address: login.address.trim() });
    if (code === 'marquee_site_login_failed') return t('website.testLoginFailed');
    return undefined;
  };

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
      <PreviewCounts
        columns={COLUMNS}
        counts={preview}
        label={(column) => t(`website.columns.${column}`)}
      />
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
  const { defaultLanguage } = useCalendarSettings();
  // The box allows plain http only for the address it was shown for.
  const sent = (login: SiteLogin) => ({
    ...login,
    insecure: exposesSecrets(addressOf(login.address)) && login.insecure,
  });
  return (
    <PeerConnectForm<SiteLogin, SiteTest>
      initial={{ address: '', login: '', password: '', language: defaultLanguage, insecure: false }}
      words={{
        test: t('website.test'),
        testing: t('website.testing'),
        nothingWritten: t('website.nothingWritten'),
        connect: t('website.connect'),
        connecting: t('website.connecting'),
      }}
      invalid={(login) =>
        addressOf(login.address).hostname ? undefined : t('website.addressInvalid')
      }
      explain={testProblem(t)}
      fields={(login, change) => (
        <>
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
                onChange={(event) => change({ address: event.target.value })}
              />
            )}
          </Field>
          {exposesSecrets(addressOf(login.address)) && (
            <>
              <p className="field-problem" role="alert">
                {t('website.plainHttp')}
              </p>
              <label className="check">
                <input
                  type="checkbox"
                  checked={login.insecure}
                  onChange={(event) => change({ insecure: event.target.checked })}
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
                onChange={(event) => change({ login: event.target.value })}
              />
            )}
          </Field>
          <SecretField
            label={t('website.password')}
            hint={t('website.passwordHint')}
            autoComplete="current-password"
            value={login.password}
            onChange={(password) => change({ password })}
          />
          <Field label={t('website.language')}>
            {(ids) => (
              <select
                id={ids.id}
                value={login.language}
                onChange={(event) => change({ language: event.target.value })}
              >
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {languageName(language, i18n.language)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </>
      )}
      test={(login) => api.testSite(sent(login))}
      connect={(login) => api.connectSite(sent(login))}
      preview={(test) => <Preview test={test} />}
      onConnected={onConnected}
    />
  );
}
