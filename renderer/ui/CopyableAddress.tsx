/**
 * An address to paste elsewhere (a website build, a calendar app), with a copy button; the
 * section around it says what it is for.
 */
import { Fragment, useState } from 'react';
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
      <code>
        {breakable(address).map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span className="address-piece">{part}</span>
          </Fragment>
        ))}
      </code>
      <button type="button" onClick={() => void copy().catch(() => setCopied(false))}>
        {copied ? t('api.copied') : t('api.copy')}
      </button>
    </div>
  );
}

/**
 * The address in pieces that a line may end between: after each "/", and before a query's "?"
 * and "&". A box too narrow for the whole address then breaks it where a reader expects, never
 * inside the host and port ("127.0.0.1:46|10") or at a piece's hyphen ("wp-|json"): each piece
 * is kept whole by CSS.
 */
function breakable(address: string): string[] {
  return address.split(/(?<=\/)(?!\/)|(?=[?&])/);
}
