/**
 * DNS-rebinding guard: answer only requests whose Host is a loopback name, an IP address or a
 * configured host name. A rebinding attack needs the attacker's own host name in Host, so IP
 * literals (what other devices on the LAN use) are safe to accept.
 */
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { ApiError } from './api-error.ts';

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).toLowerCase().replace(/\.$/, '');
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
    if (isAllowedHost(req.headers.host, allowedHosts())) return next();
    next(
      new ApiError(
        'marquee_invalid_host',
        `This server does not answer to the host "${req.headers.host ?? ''}". Add it to allowedHosts in settings.json to use it.`,
      ),
    );
  };
}
