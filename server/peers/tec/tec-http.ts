/**
 * HTTP to a WordPress site's REST API as one of its users: HTTP Basic with the user's login and
 * application password (built once; never in a message, a log line or an error), a few requests
 * at a time (the site's PHP workers are few), a timeout, and every failure of the connection or
 * the login turned into a RemoteError that says what it is. Other answers (a 404, a 403, a 400)
 * go back to the caller, who knows what they mean for its request.
 */
import { exposesSecrets } from '#shared/net/loopback.ts';
import { connectionFailure } from '../core/connection-failure.ts';
import { RemoteError } from '../website/remote-error.ts';

export type SiteLogin = { login: string; password: string };

/**
 * An answer, and when the site gave it by its own clock (its Date header, whole seconds; ours
 * where it sends none): a version read in the same second as a change may miss it (tec-wire.ts).
 */
export type HttpAnswer = { status: number; body: unknown; answeredAt: number };

type Options = {
  /** The REST API's root: `https://site/wp-json/` or `https://site/?rest_route=/`. */
  root: string;
  login: SiteLogin | undefined;
  /** The user allowed plain http to another machine (else the login is never sent over it). */
  insecure?: boolean | undefined;
  /** Requests at a time (default 4: what small hosts and the test site's PHP allow). */
  concurrency?: number;
  timeoutMs?: number;
};

/** WordPress's codes for a login or password it does not know. */
const WRONG_LOGIN = new Set([
  'incorrect_password',
  'invalid_username',
  'invalid_email',
  'application_passwords_disabled',
]);

export type TecHttp = ReturnType<typeof createTecHttp>;

/** Why the application password is not sent to `host` (shared/net/loopback.ts's rule). */
export function plainHttpRefusal(host: string): RemoteError {
  return new RemoteError(
    'insecure',
    `${host} is reached over plain http, where anyone on the network can read the application password: use the site’s https:// address, or allow plain http (--insecure, or the Website form’s box) on a network you trust.`,
  );
}

/** `path` (from the API root, with its query) as a URL under `root`, in either root's form. */
function apiUrl(root: string, path: string): string {
  const trimmed = path.replace(/^\//, '');
  if (!root.includes('rest_route=')) return `${root}${trimmed}`;
  const [route = '', query] = trimmed.split('?', 2);
  return `${root}${route}${query ? `&${query}` : ''}`;
}

export function createTecHttp(options: Options) {
  const { root } = options;
  const limit = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const authorization = options.login
    ? `Basic ${Buffer.from(`${options.login.login}:${options.login.password}`).toString('base64')}`
    : undefined;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  async function send(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (authorization && !options.insecure && exposesSecrets(new URL(root)))
      throw plainHttpRefusal(new URL(root).host);
    if (authorization) headers.authorization = authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = apiUrl(root, path);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'follow',
      });
      text = await response.text();
    } catch (error) {
      throw connectionProblem(error, root, timeoutMs);
    }
    const parsed = parseJson(text);
    if (response.status >= 500)
      throw new RemoteError(
        'server',
        `The website answered ${response.status} (${siteMessage(parsed) ?? response.statusText}): it has a problem of its own; Marquee tries again later.`,
        { status: response.status, siteCode: siteCode(parsed) },
      );
    if (response.status === 401) throw loginProblem(parsed, authorization !== undefined);
    if (parsed === undefined)
      throw new RemoteError(
        'notTec',
        `${url.split('?')[0]} answered ${response.status} with something that is not a WordPress REST API answer: is this the address of a WordPress site?`,
        { status: response.status },
      );
    const date = Date.parse(response.headers.get('date') ?? '');
    return {
      status: response.status,
      body: parsed,
      answeredAt: Number.isNaN(date) ? Date.now() : date,
    };
  }

  return {
    root,
    get: (path: string) => slot(() => send('GET', path)),
    post: (path: string, body: unknown) => slot(() => send('POST', path, body)),
    delete: (path: string) => slot(() => send('DELETE', path)),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function siteCode(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function siteMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

function loginProblem(body: unknown, sentLogin: boolean): RemoteError {
  const code = siteCode(body);
  if (sentLogin && code && WRONG_LOGIN.has(code))
    return new RemoteError(
      'login',
      'The website refused the login: the user name or the application password is wrong (an application password is made in WordPress under Users → Profile → Application Passwords; it is not the user’s own password).',
      { status: 401, siteCode: code },
    );
  if (!sentLogin)
    return new RemoteError('login', 'The website asks for a login.', {
      status: 401,
      siteCode: code,
    });
  return new RemoteError(
    'authStripped',
    'The website answered as if no login had been sent (401). The host probably removes the Authorization header before WordPress sees it (common with Apache and PHP as CGI or FastCGI). Add this line to the site’s .htaccess, above the WordPress block: SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1 (or ask the host to pass the Authorization header to PHP).',
    { status: 401, siteCode: code },
  );
}

function connectionProblem(error: unknown, root: string, timeoutMs: number): RemoteError {
  const host = new URL(root).host;
  const { problem, message } = connectionFailure(error, timeoutMs, {
    peer: `The website ${host}`,
    secureTo: host,
    speaker: 'the site',
  });
  return new RemoteError(problem, message);
}
