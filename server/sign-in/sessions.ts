/**
 * The editor's session in a browser: a page that shows the owner key (session.routes.ts) gets
 * an HttpOnly, SameSite=Strict cookie and a CSRF token it must send back in X-Marquee-CSRF on
 * every write. Sessions live in memory; after a restart the page asks again.
 *
 * A session ends after SESSION_IDLE_MS without a request (sliding): a page left open renews it
 * by itself with the key it kept, so the limit costs the owner nothing and bounds how long a
 * cookie copied off a machine stays good. At most SESSION_CAP are open: one more closes the one
 * used longest ago, so no caller can fill the memory with sessions.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { parse } from 'cookie';
import type { Clock } from '../clock.ts';

/**
 * The cookie's name carries the port the server listens on: cookies belong to a host, not to a
 * port, so two Marquee servers on one computer (a laptop's and its hub's) under one name would
 * each replace the other's session at every sign-in. The port, not a name drawn at start: a
 * server started again on its port reuses its name instead of leaving one more cookie behind.
 */
const cookieNameOf = (req: IncomingMessage) => `marquee_session_${req.socket.localPort ?? 0}`;
export const CSRF_HEADER = 'x-marquee-csrf';

/** Twelve hours: a working day with its breaks, on one session. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Far more tabs and browsers than one owner opens; a few hundred bytes each. */
export const SESSION_CAP = 64;

type Session = { userId: number; csrf: string; seen: number };

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

/** The editor's sessions: opened for a user, found by a request's cookie. */
export type Sessions = {
  /** A new session for `userId`, its cookie named for the server `req` reached. */
  open(userId: number, req: IncomingMessage): { csrf: string; cookie: string };
  /** The live session a request's cookie names, if any; the request counts as its use. */
  of(req: IncomingMessage): Session | undefined;
};

export function createSessions(clock: Clock): Sessions {
  // In the order of last use: the first entry is the one used longest ago.
  const sessions = new Map<string, Session>();
  const expired = (session: Session, now: number) => now - session.seen >= SESSION_IDLE_MS;

  function closeStale(now: number): void {
    for (const [id, session] of sessions) {
      if (!expired(session, now) && sessions.size < SESSION_CAP) return;
      sessions.delete(id);
    }
  }

  function cookieOf(req: IncomingMessage, id: string): string {
    return `${cookieNameOf(req)}=${id}; Path=/; HttpOnly; SameSite=Strict`;
  }

  return {
    /** A new session for `userId`, its cookie named for the server `req` reached. */
    open(userId: number, req: IncomingMessage): { csrf: string; cookie: string } {
      const now = clock.now().getTime();
      closeStale(now);
      const id = randomBytes(32).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      sessions.set(id, { userId, csrf, seen: now });
      return { csrf, cookie: cookieOf(req, id) };
    },

    /** The live session a request's cookie names, if any; the request counts as its use. */
    of(req: IncomingMessage): Session | undefined {
      const header = req.headers.cookie;
      if (!header) return undefined;
      const id = parse(header)[cookieNameOf(req)];
      const session = id === undefined ? undefined : sessions.get(id);
      if (id === undefined || !session) return undefined;
      const now = clock.now().getTime();
      sessions.delete(id);
      if (expired(session, now)) return undefined;
      session.seen = now;
      sessions.set(id, session);
      return session;
    },
  };
}
