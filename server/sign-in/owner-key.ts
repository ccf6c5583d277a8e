/**
 * The owner key: a secret made when the server starts (or given by MARQUEE_OWNER_KEY to scripts
 * and tests), which a page shows to open the owner's password-less session. Being on this
 * machine proves nothing (another OS user, a reverse proxy that rewrites Host): knowing what
 * the server printed, or what the desktop shell handed its window, does.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const OWNER_KEY_HEADER = 'x-marquee-key';

export function newOwnerKey(): string {
  return randomBytes(32).toString('base64url');
}

/** In constant time: both sides are hashed first, so even their lengths stay hidden. */
export function isOwnerKey(given: string | undefined, key: string): boolean {
  if (given === undefined || given === '') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(key));
}

/** The headers a proxy adds: a request that passed one came from wherever the proxy listens. */
const PROXY_HEADERS = ['forwarded', 'via'];

export function isProxied(req: IncomingMessage): boolean {
  return Object.keys(req.headers).some(
    (name) => PROXY_HEADERS.includes(name) || name.startsWith('x-forwarded-'),
  );
}
