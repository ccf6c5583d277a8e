/**
 * Whether a host name or address names this machine only: what travels to it over plain http
 * never crosses a network. One rule for the server's own bind address and for the peers it
 * calls (the website, a hub), so "is this plain http safe?" has one answer everywhere.
 */

const LOOPBACK_NAMES = /^(localhost|localhost\.|[a-z0-9-]+\.localhost)$/i;
const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** `host`: a URL's hostname (`[::1]` with its brackets) or a bind address (`::1`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (LOOPBACK_NAMES.test(bare) || LOOPBACK_V4.test(bare)) return true;
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  // An IPv4 loopback address written in IPv6 (::ffff:127.0.0.1).
  return LOOPBACK_V4.test(bare.replace(/^::ffff:/, ''));
}

/**
 * Whether sending a secret to `url` would cross a network unencrypted: plain http to a host
 * that is not this machine. Anything not http (https, a typo) is not this rule's to judge.
 */
export function exposesSecrets(url: { protocol: string; hostname: string }): boolean {
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}
