/**
 * The editor's session in a browser on this machine: a loopback page gets a session
 * without signing in — an HttpOnly, SameSite=Strict cookie — and a CSRF token it must send back
 * in X-Marquee-CSRF on every write. Sessions live in memory; after a restart the page asks again.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import { isIP } from 'node:net';

const SESSION_COOKIE = 'marquee_session';
export const CSRF_HEADER = 'x-marquee-csrf';

type Session = { userId: number; csrf: string };

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Both ends on this machine: a loopback peer, and a loopback name or address in Host. */
export function isLocalRequest(req: IncomingMessage): boolean {
  if (!LOOPBACK_PEERS.has(req.socket.remoteAddress ?? '')) return false;
  const host = (req.headers.host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) !== 0 && LOOPBACK_PEERS.has(host))
  );
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions() {
  const sessions = new Map<string, Session>();
  return {
    open(userId: number): { id: string; csrf: string; cookie: string } {
      const id = randomBytes(32).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      sessions.set(id, { userId, csrf });
      return { id, csrf, cookie: `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict` };
    },

    /** The session a request's cookie names, if any. */
    of(req: IncomingMessage): Session | undefined {
      const header = req.headers.cookie;
      if (!header) return undefined;
      const id = parse(header)[SESSION_COOKIE];
      return id === undefined ? undefined : sessions.get(id);
    },
  };
}
