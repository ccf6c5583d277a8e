/**
 * Why a request to a peer (the website, the hub) got no answer at all, as both peers say it: it
 * timed out, the secure connection failed (a certificate this computer does not trust, or no
 * https at that address), or the address cannot be reached (no such host, nothing listening).
 * Each peer wraps the answer in its own error, with its own code.
 */

/** The errors of a TLS handshake, as Node and OpenSSL name them. */
const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$)/;

/** How the peer is named in the sentences: its subject, and who speaks https there. */
type Names = {
  /** "The hub hub.example": the sentence's subject. */
  peer: string;
  /** "the hub hub.example", "site.example": what the secure connection was to. */
  secureTo: string;
  /** "it", "the site": what may not speak https at that address. */
  speaker: string;
};

type ConnectionFailure = { problem: 'unreachable' | 'tls'; message: string };

export function connectionFailure(
  error: unknown,
  timeoutMs: number,
  names: Names,
): ConnectionFailure {
  if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError')
    return {
      problem: 'unreachable',
      message: `${names.peer} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
    };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(cause?.message ?? ''))
    return {
      problem: 'tls',
      message: `The secure connection to ${names.secureTo} failed (${code || cause?.message}): its certificate is not one this computer trusts, or ${names.speaker} does not speak https at that address.`,
    };
  const why =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? 'no such host name (check the address, or the network)'
      : code === 'ECONNREFUSED'
        ? 'nothing answers at that address'
        : code || cause?.message || (error as Error).message;
  return { problem: 'unreachable', message: `${names.peer} cannot be reached: ${why}.` };
}
