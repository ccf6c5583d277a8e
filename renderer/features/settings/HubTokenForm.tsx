/**
 * Another token for the hub this calendar is on (Settings → Hub, connected): the old one
 * revoked or refused, the owner gives the new one without disconnecting. The server checks it
 * against the hub before it keeps it; a refused one leaves the old in place. Open by itself
 * while the hub refuses the token kept, closed again once it takes the new one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { RefusedError } from '../../data/api/client.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { SecretField } from '../../ui/SecretField.tsx';

type Props = { refused: boolean; onReplaced: () => void };

export function HubTokenForm({ refused, onReplaced }: Props) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const [token, setToken] = useState('');
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [replaced, setReplaced] = useState(false);
  return (
    <>
      <details className="hub-token" open={refused || undefined}>
        <summary>{t('hub.replaceToken')}</summary>
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            setWorking(true);
            setProblem(undefined);
            setReplaced(false);
            api
              .replaceHubToken(token)
              .then(
                () => {
                  setToken('');
                  setReplaced(true);
                  onReplaced();
                },
                (error: unknown) =>
                  // The server's words tell how to connect again; here the old token stays.
                  setProblem(
                    error instanceof RefusedError &&
                      error.envelope.code === 'marquee_hub_login_failed'
                      ? t('hub.newTokenRefused')
                      : problemOf(error),
                  ),
              )
              .finally(() => setWorking(false));
          }}
        >
          <SecretField
            label={t('hub.newToken')}
            hint={t('hub.newTokenHint')}
            autoComplete="off"
            minLength={8}
            value={token}
            onChange={setToken}
          />
          <div className="form-actions">
            {working && <span role="status">{t('hub.checking')}</span>}
            <button type="submit" disabled={working}>
              {t('hub.replaceToken')}
            </button>
          </div>
          {problem && (
            <p className="field-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      </details>
      {/* Outside: the form closes once the hub takes the token. */}
      {replaced && <p role="status">{t('hub.tokenReplaced')}</p>}
    </>
  );
}
