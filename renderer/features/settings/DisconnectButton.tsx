/**
 * "Disconnect" of a peer (the website, the hub): it asks first, saying how many changes made
 * here are not sent yet, so a volunteer does not cut a connection that still has work to do.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FramedDialog } from '../../ui/Dialog.tsx';

type Props = {
  peer: 'website' | 'hub';
  /** Changes made here the peer has not had yet. */
  pending: number;
  disabled: boolean;
  onDisconnect: () => void;
};

export function DisconnectButton({ peer, pending, disabled, onDisconnect }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary danger-text"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {t('website.disconnect')}
      </button>
      {asking && (
        <FramedDialog
          title={t('website.disconnect')}
          className="disconnect-dialog"
          onClose={() => setAsking(false)}
          onSubmit={() => {
            setAsking(false);
            onDisconnect();
          }}
          footer={
            <>
              <button
                type="button"
                className="secondary"
                data-autofocus
                onClick={() => setAsking(false)}
              >
                {t('editor.cancel')}
              </button>
              <button type="submit" className="danger">
                {t('website.disconnect')}
              </button>
            </>
          }
        >
          <p>
            {pending > 0
              ? t(`${peer}.disconnectConfirm`, { count: pending })
              : t(`${peer}.disconnectConfirmNone`)}
          </p>
        </FramedDialog>
      )}
    </>
  );
}
