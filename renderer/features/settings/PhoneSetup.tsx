/**
 * What a phone's calendar asks for a CalDAV account: the server's address, the user name and
 * the password, with a QR code for the camera and the steps on iOS, Android (DAVx⁵) and
 * Thunderbird. With a token just made, its name is the user name and the token the password;
 * the QR code never holds the token (docs/caldav.md).
 */
import { useTranslation } from 'react-i18next';
import { withLogin } from '../../hooks/use-caldav-address.ts';
import { CopyableAddress } from '../../ui/CopyableAddress.tsx';
import { QrCode } from '../../ui/QrCode.tsx';

export function PhoneSetup({
  address,
  token,
}: {
  address: string;
  /** A token just made: its name and secret. Without one, any token's. */
  token?: { name: string; token: string } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="phone-setup">
      <dl className="phone-account">
        <dt>{t('phone.address')}</dt>
        <dd>
          <CopyableAddress address={address} />
        </dd>
        <dt>{t('phone.login')}</dt>
        <dd>{token ? <code>{token.name}</code> : t('phone.anyTokenName')}</dd>
        <dt>{t('phone.password')}</dt>
        <dd>{token ? <code>{token.token}</code> : t('phone.anyToken')}</dd>
      </dl>
      <figure className="phone-qr">
        {token ? (
          <QrCode text={withLogin(address, token.name)} label={t('phone.qrWithLogin')} />
        ) : (
          <QrCode text={address} label={t('phone.qrAddress')} />
        )}
        <figcaption className="muted">
          {t('phone.qrHint')} {token && t('phone.qrNoToken')}
        </figcaption>
      </figure>
      <div className="phone-steps">
        <h3>{t('phone.steps')}</h3>
        <ul>
          <li>{t('phone.ios')}</li>
          <li>{t('phone.android')}</li>
          <li>{t('phone.thunderbird')}</li>
        </ul>
      </div>
    </div>
  );
}
