/**
 * DNS-rebinding guard: answer only requests whose Host is a loopback name, an IP address or a
 * configured host name. A rebinding attack needs the attacker's own host name in Host, so IP
 * literals (what other devices on the LAN use) are safe to accept.
 * A Host that is not a well-formed `name[:port]` is refused first, with 400: the URLs of the
 * answer are built from it, and must not fail after a write (`localhost:99999`, `[::1`).
 */
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { ApiError } from './api-error.ts';

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).toLowerCase().replace(/\.$/, '');
}

/** A host name (letters, digits, `-`, `_`, `.`), an IPv4 or a bracketed IPv6, then a port. */
const HOST_SYNTAX = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::(\d{1,5}))?$/i;

/** Host is well formed: what `new URL('http://' + host)` takes, ports 0–65535, no user info. */
export function isWellFormedHost(host: string): boolean {
  const match = HOST_SYNTAX.exec(host);
  if (!match) return false;
  const [, ipv6, , port] = match;
  if (ipv6 !== undefined && isIP(ipv6) !== 6) return false;
  if (port !== undefined && Number(port) > 65535) return false;
  return URL.canParse(`http://${host}`);
}

export function isAllowedHost(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (!host) return false;
  const name = hostnameOf(host);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    isIP(name) !== 0 ||
    allowedHosts.some((allowed) => allowed.toLowerCase() === name)
  );
}

export function hostGuard(allowedHosts: () => readonly string[]): RequestHandler {
  return (req, _res, next) => {
    const host = req.headers.host;
    if (host !== undefined && !isWellFormedHost(host)) {
      return next(
        new ApiError(
          'marquee_invalid_host',
          `The Host header "${host.slice(0, 100)}" is not a host name or IP address with an optional port.`,
          {},
          400,
        ),
      );
    }
    if (isAllowedHost(host, allowedHosts())) return next();
    next(
      new ApiError(
        'marquee_invalid_host',
        `This server does not answer to the host "${req.headers.host ?? ''}". Add it to allowedHosts in settings.json to use it.`,
      ),
    );
  };
}
