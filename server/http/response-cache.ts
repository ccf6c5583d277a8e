/**
 * Prepared answers, once per change instead of once per request. Anonymous GET responses are kept
 * with the generation they were made in (change sequence, settings version, calendar day) and
 * served straight from the HTTP handler, before Express, until the generation moves on.
 * Handlers opt out for answers that depend on the clock ("now", "+1 week", only_with_upcoming).
 * Keys hold the Host and Origin, so URLs, the discovery Link and CORS headers in a stored answer
 * are always right. A POST overridden to DELETE (method-override.ts) is a POST here: never served.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  generation: string;
};

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * Bodies kept at once: about 400 pages of a list. Part of the server's memory budget at 100k
 * events (200 MB in all), next to the events' JSON (8 MB) and SQLite's page cache.
 */
const MAX_BYTES = 16 * 1024 * 1024;

/** The key of an anonymous GET or HEAD for `url` (the URL as the client sent it); else undefined. */
function keyOf(req: IncomingMessage, url: string | undefined): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization !== undefined || req.headers.cookie !== undefined) return undefined;
  return `${req.headers.host ?? ''} ${req.headers.origin ?? ''} ${url ?? ''}`;
}

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

export function createResponseCache(generation: () => string, maxBytes = MAX_BYTES) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entry.body.length;
  }

  return {
    /** Answers from the cache when it can; false means the request goes on to the app. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const key = keyOf(req, req.url);
      const entry = key === undefined ? undefined : entries.get(key);
      if (key === undefined || !entry) return false;
      if (entry.generation !== generation()) {
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

    /** Keeps a successful anonymous GET answer (`url` as the client sent it) for the current generation. */
    store(
      req: IncomingMessage,
      url: string,
      headers: OutgoingHttpHeaders,
      body: Buffer,
      etag: string,
    ): void {
      if (req.method !== 'GET') return;
      const key = keyOf(req, url);
      if (key === undefined || body.length > maxBytes / 16) return;
      const existing = entries.get(key);
      if (existing) drop(key, existing);
      entries.set(key, {
        status: 200,
        headers: { ...headers, 'content-length': body.length },
        body,
        etag,
        generation: generation(),
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
