/**
 * The two sides of a comparison: a real TEC site and a Marquee, each spoken to over HTTP as one
 * of four users (the site's `admin`, `editor1`, `author1`, `contributor1`; Marquee's owner and
 * one access token per role, made in the same order so authors' ids are the same) or anonymously.
 */

/** Who sends a request: a site user (Marquee: the token of the same role) or nobody. */
export type User = 'admin' | 'editor1' | 'author1' | 'contributor1' | 'anonymous';

/** One request, as both sides are sent it (ids already put in for that side). */
export type WireRequest = {
  method: string;
  /** From the API root: `tribe/events/v1/events?per_page=2`. */
  path: string;
  as: User;
  json?: unknown;
  /** A form body: pairs, so `categories[]` may come more than once. */
  form?: [string, string][];
  /** Before `/wp-json/`: `/de` for Marquee's language roots (the site has none). */
  root?: string;
  headers?: Record<string, string>;
};

/** The headers a client of the API reads; the others (dates, servers) say nothing about it. */
export const READ_HEADERS = [
  'x-wp-total',
  'x-wp-totalpages',
  'x-tec-total',
  'x-tec-totalpages',
  'link',
  'allow',
  'location',
] as const;

export type Answer = {
  status: number;
  headers: Partial<Record<(typeof READ_HEADERS)[number], string>>;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
};

export type Target = {
  name: 'site' | 'marquee';
  /** e.g. http://127.0.0.1:8891, no trailing slash. */
  url: string;
  /** The Authorization header of a user, undefined for anonymous. */
  authorization(user: User): string | undefined;
  close(): Promise<void>;
};

export async function send(target: Target, request: WireRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  const authorization = target.authorization(request.as);
  if (authorization) headers.authorization = authorization;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  const url = `${target.url}${request.root ?? ''}/wp-json/${request.path.replace(/^\//, '')}`;
  const reply = await fetch(url, { method: request.method, headers, body, redirect: 'manual' });
  const text = await reply.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? '' : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON (a PHP error page): compared as text.
  }
  const read: Answer['headers'] = {};
  for (const name of READ_HEADERS) {
    const value = reply.headers.get(name);
    if (value !== null) read[name] = value;
  }
  return { status: reply.status, headers: read, body: parsed };
}
