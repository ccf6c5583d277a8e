/**
 * Prepared answers, once per change instead of once per request. GET responses are kept with
 * the generation they were made in (change sequence, settings version, calendar day) and
 * served straight from the HTTP handler, before Express, until the generation moves on.
 * Handlers opt out for answers that depend on the clock ("now", "+1 week", only_with_upcoming),
 * or say until when an answer stays right (a wp/v2 event list: until its next event ends).
 * Keys hold the Host and Origin, so URLs, the discovery Link and CORS headers in a stored answer
 * are always right. A POST overridden to DELETE (method-override.ts) is a POST here: never served.
 *
 * Keys hold the caller too: anonymous, or a token's user (id, role and name), so a website
 * build reading with its token is answered as fast as the public. A token's answer is kept
 * only where the app says answers are made from the records, settings and caller alone (the
 * TEC namespace), and served only after the token is checked again, as the app checks it: a
 * revoked token, a changed role or an address locked out for guessing goes on to the app. A
 * session cookie's answers are never kept (the editor reads through its replica).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Principal } from '../auth/principal.ts';

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  generation: string;
  /** When the answer stops being right without a change (ms since the epoch), if it does. */
  until: number | undefined;
};

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * Bodies kept at once: about 400 pages of a list. Part of the server's memory budget at 100k
 * events (200 MB in all), next to the events' JSON (8 MB) and SQLite's page cache.
 */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Who a token names, checked as the app checks it; undefined when the app must decide (no
 * such token, a locked-out address, a header it cannot read).
 */
type IdentifyToken = (req: IncomingMessage) => Principal | undefined;

/** A caller's part of a key: anonymous is empty; JSON, so no name can pass for another part. */
const callerPart = (caller: Principal | undefined) =>
  caller ? JSON.stringify([caller.id, caller.role, caller.name]) : '';

/** The key of a GET or HEAD for `url` (the URL as the client sent it) by `caller`. */
const keyOf = (req: IncomingMessage, url: string | undefined, caller: Principal | undefined) =>
  `${callerPart(caller)} ${req.headers.host ?? ''} ${req.headers.origin ?? ''} ${url ?? ''}`;

/** A request whose answers are kept: a GET or HEAD without a session cookie. */
const keepable = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && req.headers.cookie === undefined;

/** If-None-Match with this ETag in it (or `*`). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (
      trimmed === '*' ||
      trimmed === etag ||
      trimmed.replace(/^W\//, '') === etag.replace(/^W\//, '')
    );
  });
}

export function createResponseCache(
  generation: () => string,
  identify: IdentifyToken,
  /** The server's clock, in ms since the epoch. */
  now: () => number,
  maxBytes = MAX_BYTES,
) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entry.body.length;
  }

  return {
    /** Answers from the cache when it can; false means the request goes on to the app. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!keepable(req)) return false;
      let caller: Principal | undefined;
      if (req.headers.authorization !== undefined) {
        caller = identify(req);
        if (!caller) return false;
      }
      const key = keyOf(req, req.url, caller);
      const entry = entries.get(key);
      if (!entry) return false;
      if (
        entry.generation !== generation() ||
        (entry.until !== undefined && now() >= entry.until)
      ) {
        drop(key, entry);
        return false;
      }
      entries.delete(key);
      entries.set(key, entry);
      if (
        matches(req.headers['if-none-match'], entry.etag) &&
        req.headers['cache-control'] !== 'no-cache'
      ) {
        res.writeHead(304, { etag: entry.etag, ...notModifiedHeaders(entry.headers) });
        res.end();
        return true;
      }
      res.writeHead(entry.status, entry.headers);
      res.end(req.method === 'HEAD' ? undefined : entry.body);
      return true;
    },

    /**
     * Keeps a successful GET answer (`url` as the client sent it) for the current generation:
     * an anonymous one, or a token's where `byToken` (answers made from the records, the
     * settings and the caller alone) with the caller the app found.
     */
    store(
      req: IncomingMessage,
      answer: {
        url: string;
        headers: OutgoingHttpHeaders;
        body: Buffer;
        etag: string;
        until?: Date | undefined;
      },
      asked: { caller: Principal | undefined; byToken: boolean },
    ): void {
      const { url, headers, body, etag, until } = answer;
      if (req.method !== 'GET' || !keepable(req)) return;
      const token = req.headers.authorization !== undefined;
      if (token && (!asked.byToken || !asked.caller)) return;
      if (body.length > maxBytes / 16) return;
      const key = keyOf(req, url, token ? asked.caller : undefined);
      const existing = entries.get(key);
      if (existing) drop(key, existing);
      entries.set(key, {
        status: 200,
        headers: { ...headers, 'content-length': body.length },
        body,
        etag,
        generation: generation(),
        until: until?.getTime(),
      });
      bytes += body.length;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        drop(oldest, entry);
      }
    },

    size: () => entries.size,
  };
}

/** What a 304 repeats of the kept answer: its CORS headers and WordPress's discovery Link. */
function notModifiedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => name.startsWith('access-control-') || name === 'link',
    ),
  );
}
