/**
 * What every API handler knows about its request: the content language (in this order:
 * `language` > `lang` > root segment > default), the caller, the settings, URL builders and
 * "now". Built once per request by `requestContext`.
 *
 * The rule that keeps a failed request from writing: everything of the request that
 * can be wrong (Host, URL, body, language, caller) is checked here or before, and handlers
 * validate their parameters before they write, so what runs after a commit only renders
 * checked data with URL builders that cannot fail.
 */
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { languageSchema, type Language } from '#shared/languages.ts';
import type { AccessTokens } from '../sign-in/access-tokens.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import { ApiError } from './api-error.ts';
import { DomainError, invalidParams } from '../domain/errors.ts';
import type { SignInAttempts } from '../sign-in/sign-in-attempts.ts';
import { CSRF_HEADER, type Sessions } from '../sign-in/sessions.ts';
import { apiUrlsFor } from './api-urls.ts';
import type { WireContext } from './wire-context.ts';
import { restRootOf } from './rest-root.ts';

/**
 * The domain's context (the caller as `actor`, language, now, settings), the wire's (the API's
 * URLs; the namespace the client called, set by the namespace router) and what only a request
 * has: the language it asked for by a `language` or `lang` parameter, echoed in paging URLs.
 */
export type RequestContext = WireContext & { requested: { language: Language | undefined } };

/**
 * The two parameters that name a request's language (WordPress clients send `lang`), each one
 * of the eight languages. `lang` is checked first, so its refusal is the one answered.
 */
const languageParamsSchema = z.object({
  lang: languageSchema.optional(),
  language: languageSchema.optional(),
});

type LanguageParam = keyof typeof languageParamsSchema.shape;

function paramOf(source: unknown, name: LanguageParam): unknown {
  return source && typeof source === 'object'
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

/** The language a request names by parameter (`language` over `lang`; the body's over the query's). */
function requestedLanguage(req: Request): Language | undefined {
  const given = (name: LanguageParam) => paramOf(req.body, name) ?? paramOf(req.query, name);
  const parsed = languageParamsSchema.safeParse({
    lang: given('lang'),
    language: given('language'),
  });
  if (!parsed.success) {
    const name = parsed.error.issues[0]?.path[0] as LanguageParam;
    throw invalidParams({
      [name]: `${name} must be one of ${languageSchema.options.join(', ')}`,
    });
  }
  return parsed.data.language ?? parsed.data.lang;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPEN_SESSION_PATH = '/marquee/v1/session';

/**
 * Who is calling: an Authorization header (token) wins; else the editor's session cookie,
 * whose writes must carry the page's CSRF token.
 */
function callerOf(req: Request, tokens: AccessTokens, sessions: Sessions): Principal | undefined {
  const header = req.get('authorization');
  if (header) return tokens.authenticate(header);
  // Opening a session is how a page gets its CSRF token; a reloaded page still has the cookie
  // but not the token, so this one write asks for none: the route gives the cookie's session
  // back (api/marquee/session/session.routes.ts).
  if (req.method === 'POST' && req.path === OPEN_SESSION_PATH) return undefined;
  const session = sessions.of(req);
  if (!session) return undefined;
  if (!READS.has(req.method) && req.get(CSRF_HEADER) !== session.csrf) {
    throw new ApiError(
      'marquee_csrf',
      'Send the page’s CSRF token in X-Marquee-CSRF with every change.',
    );
  }
  return tokens.user(session.userId);
}

/**
 * Resolves the caller from the headers alone, before any body is read (a body parser or a
 * file upload runs after it): a refused token or session is answered without reading a byte.
 */
export function identifyCaller(deps: {
  tokens: AccessTokens;
  sessions: Sessions;
  attempts: SignInAttempts;
}): RequestHandler {
  return (req, res, next) => {
    const credentials = req.get('authorization');
    if (!credentials) {
      res.locals.caller = callerOf(req, deps.tokens, deps.sessions);
      return next();
    }
    const client = req.socket.remoteAddress ?? '';
    const wait = deps.attempts.wait(client, credentials);
    if (wait > 0) {
      res.set('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(
        'marquee_too_many_attempts',
        'Too many failed sign-ins from this address: wait for Retry-After seconds, then try again.',
      );
    }
    try {
      res.locals.caller = callerOf(req, deps.tokens, deps.sessions);
    } catch (error) {
      if (error instanceof DomainError && SIGN_IN_FAILURES.has(error.code))
        deps.attempts.failed(client);
      throw error;
    }
    deps.attempts.succeeded(client, credentials);
    next();
  };
}

/**
 * Who a token names, for the response cache's fast path (response-cache.ts): the caller as
 * identifyCaller would find it, or undefined wherever identifyCaller would refuse or count a
 * failure (the app then answers, and counts it).
 */
export function tokenCaller(deps: {
  tokens: AccessTokens;
  attempts: SignInAttempts;
}): (req: IncomingMessage) => Principal | undefined {
  return (req) => {
    const credentials = req.headers.authorization;
    if (!credentials) return undefined;
    if (deps.attempts.wait(req.socket.remoteAddress ?? '', credentials) > 0) return undefined;
    try {
      return deps.tokens.authenticate(credentials);
    } catch {
      return undefined;
    }
  };
}

/** The refusals of credentials that count as a failed sign-in (sign-in/sign-in-attempts.ts). */
const SIGN_IN_FAILURES: ReadonlySet<string> = new Set([
  'marquee_invalid_token',
  'incorrect_password',
  'invalid_username',
]);

/** The caller identifyCaller found (undefined: anonymous). */
export function identifiedCaller(res: Response): Principal | undefined {
  return res.locals.caller as Principal | undefined;
}

export function requestContext(deps: { settings: SettingsStore; clock: Clock }): RequestHandler {
  return (req, res, next) => {
    const settings = deps.settings.get();
    const root = restRootOf(res);
    const requested = { language: requestedLanguage(req) };
    const context: RequestContext = {
      language: requested.language ?? root.language ?? settings.defaultLanguage,
      requested,
      settings,
      actor: identifiedCaller(res),
      urls: apiUrlsFor(req, root),
      namespace: '',
      now: deps.clock.now(),
    };
    res.locals.context = context;
    next();
  };
}

export function contextOf(res: Response): RequestContext {
  const context = res.locals.context as RequestContext | undefined;
  if (!context) throw new Error('requestContext middleware did not run');
  return context;
}
