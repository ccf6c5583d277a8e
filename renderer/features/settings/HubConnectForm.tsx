/**
 * Connecting a hub (Settings → Hub), in the form both peers share (PeerConnectForm.tsx): its
 * address, a token made on it, and whether plain http is allowed; "Check" says which Marquee
 * answers and whose the token is, and what the first sync does (on an empty laptop, what will
 * arrive); nothing is written on either side until "Connect and sync".
 */
import { useTranslation } from 'react-i18next';
import type { HubTest } from '#shared/schemas/hub.ts';
import { useAdminApi, type HubLogin } from '../../data/api/admin-api.ts';
import { Field } from '../../ui/Field.tsx';
import { SecretField } from '../../ui/SecretField.tsx';
import { PeerConnectForm, PreviewCounts } from './PeerConnectForm.tsx';

const COLUMNS = ['hub', 'calendar', 'same', 'toHub', 'toCalendar'] as const;

function Preview({ test }: { test: HubTest }) {
  const { t } = useTranslation();
  const { hub, preview } = test;
  return (
    <div className="website-test">
      <p>{t('hub.hubVersion', { version: hub.version, name: hub.user.name })}</p>
      <h3>{t('hub.previewHeading')}</h3>
      <PreviewCounts
        columns={COLUMNS}
        counts={preview}
        label={(column) => t(`hub.columns.${column}`)}
      />
    </div>
  );
}

export function HubConnectForm({ onConnected }: { onConnected: () => void }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  return (
    <PeerConnectForm<HubLogin, HubTest>
      initial={{ address: '', token: '', insecure: false }}
      words={{
        test: t('hub.check'),
        testing: t('hub.checking'),
        nothingWritten: t('hub.nothingWritten'),
        connect: t('hub.connect'),
        connecting: t('hub.connecting'),
      }}
      fields={(login, change) => (
        <>
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
          <SecretField
            label={t('hub.token')}
            hint={t('hub.tokenHint')}
            autoComplete="off"
            value={login.token}
            onChange={(token) => change({ token })}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={login.insecure}
              onChange={(event) => change({ insecure: event.target.checked })}
            />
            {t('hub.insecure')}
          </label>
        </>
      )}
      test={(login) => api.testHub(login)}
      connect={(login) => api.connectHub(login)}
      preview={(test) => <Preview test={test} />}
      onConnected={onConnected}
    />
  );
}
