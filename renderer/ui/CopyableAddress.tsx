/**
 * An address to paste elsewhere (a website build, a calendar app), with a copy button; the
 * section around it says what it is for.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyableAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(address);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="api-url">
      <code>{address}</code>
      <button type="button" onClick={() => void copy().catch(() => setCopied(false))}>
        {copied ? t('api.copied') : t('api.copy')}
      </button>
    </div>
  );
}
