/**
 * The page of a browser that is not (yet) the owner's: no owner key in the address, no session.
 * It says where the owner's address is, and signs in with an access token instead (a laptop's
 * browser reaching the hub, a colleague's).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInWithToken } from '../data/editor-access.ts';
import { useApiProblem } from '../hooks/use-api-problem.ts';
import { SecretField } from '../ui/SecretField.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function SignInScreen() {
  const { t } = useTranslation();
  const problemOf = useApiProblem();
  const headingId = useId();
  const [token, setToken] = useState('');
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  return (
    <main className="sign-in" aria-labelledby={headingId}>
      <div className="card sign-in-card">
        <h1 id={headingId}>{t('signIn.title')}</h1>
        <p>{t('signIn.ownerAddress')}</p>
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            setWorking(true);
            setProblem(undefined);
            signInWithToken(token.trim()).catch((error: unknown) => {
              setProblem(problemOf(error));
              setWorking(false);
            });
          }}
        >
          <SecretField
            label={t('signIn.token')}
            hint={t('signIn.tokenHint')}
            autoComplete="off"
            value={token}
            onChange={setToken}
          />
          {problem && (
            <p className="field-problem" role="alert">
              {problem}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" disabled={working}>
              {t('signIn.submit')}
            </button>
          </div>
        </form>
      </div>
      <LanguageSwitcher />
    </main>
  );
}
