/**
 * WordPress's method override, for clients that cannot send PUT, PATCH or DELETE
 * (`WP_REST_Server::serve_request`): `?_method=` wins over an `X-HTTP-Method-Override` header,
 * and the value is read in any letter case. @wordpress/api-fetch sends every DELETE, PUT and
 * PATCH as a POST with the header.
 *
 * Only a POST is overridden, and only to PUT, PATCH or DELETE. (WordPress honours `_method` on
 * any request and to any method.) A GET never turns into a write, and a POST never turns into a
 * GET, whose answer the response cache would keep under a URL that does not hold the body's
 * parameters. Requests overridden here never reach the cache: it looks at the method on the
 * wire, POST, before this runs. The new method also decides the editor's CSRF check.
 */
import type { RequestHandler } from 'express';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

function queryMethod(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return undefined;
  return new URLSearchParams(url.slice(queryStart + 1)).get('_method') ?? undefined;
}

export const methodOverride: RequestHandler = (req, _res, next) => {
  if (req.method !== 'POST') return next();
  const requested = queryMethod(req.url) ?? req.get('x-http-method-override');
  const method = requested?.trim().toUpperCase();
  if (method !== undefined && OVERRIDABLE.has(method)) req.method = method;
  next();
};
