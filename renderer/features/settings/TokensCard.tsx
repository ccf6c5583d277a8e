/**
 * Access tokens for website builds and scripts: create one with a role (its secret is shown
 * once, to copy, or to set up a phone with), see which exist, revoke one. Each token acts as
 * its own user.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessToken, CreatedToken } from '#shared/schemas/access-token.ts';
import { ROLES, type Role } from '#shared/schemas/common.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { Field } from '../../ui/Field.tsx';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import type { CaldavAddress } from '../../hooks/use-caldav-address.ts';
import { PhoneSetup } from './PhoneSetup.tsx';

/** `caldav`: the address phones use, for the phone setup of a token just made. */
export function TokensCard({ caldav }: { caldav: CaldavAddress }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const headingId = useId();
  const [tokens, setTokens] = useState<AccessToken[]>();
  const [created, setCreated] = useState<CreatedToken>();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [problem, setProblem] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [phone, setPhone] = useState(false);
  const fail = useCallback((error: unknown) => setProblem(problemOf(error)), [problemOf]);
  const load = useCallback(() => api.tokens().then(setTokens, fail), [api, fail]);
  useEffect(() => void load(), [load]);

  const create = async () => {
    try {
      setCreated(await api.createToken(name.trim(), role));
      setCopied(false);
      setPhone(false);
      setName('');
      setProblem(undefined);
      await load();
    } catch (error) {
      fail(error);
    }
  };
  const revoke = (id: number) => api.revokeToken(id).then(load, fail);

  return (
    <section className="card tokens-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.tokens')}</h2>
      <p className="muted">{t('settings.tokensIntro')}</p>
      {created && (
        <div className="new-token" role="status">
          <p>{t('settings.tokenOnce', { name: created.name })}</p>
          <div className="api-url">
            <code>{created.token}</code>
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard.writeText(created.token).then(() => setCopied(true))
              }
            >
              {copied ? t('api.copied') : t('api.copy')}
            </button>
            <button type="button" className="secondary" onClick={() => setCreated(undefined)}>
              {t('settings.done')}
            </button>
          </div>
          <button
            type="button"
            className="secondary"
            aria-expanded={phone}
            onClick={() => setPhone(!phone)}
          >
            {t('phone.setUp')}
          </button>
          {phone && <PhoneSetup address={caldav.address} token={created} />}
        </div>
      )}
      <form
        className="token-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Field label={t('settings.tokenName')}>
          {(ids) => (
            <input
              id={ids.id}
              value={name}
              required
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('settings.tokenRole')}>
          {(ids) => (
            <select
              id={ids.id}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`roles.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={!name.trim()}>
          {t('settings.createToken')}
        </button>
      </form>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {tokens && tokens.length > 0 && (
        <table className="tokens">
          <thead>
            <tr>
              <th scope="col">{t('settings.tokenName')}</th>
              <th scope="col">{t('settings.tokenRole')}</th>
              <th scope="col">{t('settings.tokenCreated')}</th>
              <th scope="col">{t('settings.tokenState')}</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{t(`roles.${token.role}`)}</td>
                <td>{token.created.slice(0, 10)}</td>
                <td>
                  {token.revoked ? (
                    t('settings.revoked')
                  ) : (
                    <button
                      type="button"
                      className="secondary danger-text"
                      aria-label={t('settings.revokeNamed', { name: token.name })}
                      onClick={() => void revoke(token.id)}
                    >
                      {t('settings.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
