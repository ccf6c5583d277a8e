/**
 * What of a failed request may reach the log (passwords and tokens never logged).
 * Errors are logged by name, message and stack only: libraries hang the request on them
 * (body-parser's `body`, a form's `password=…`). URLs lose the values of secret parameters.
 */

import { decodedQueryValue } from './rest-root.ts';

/** Query parameters whose values are secrets (`password`, `token`, `api_key`, `_wpnonce`…). */
const SECRET_PARAM = /pass|token|secret|key|auth|session|csrf|nonce|cookie|signature/i;

/** The error as one loggable text: its stack (name and message included), nothing it carries. */
export function loggableError(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error}`;
  return error.stack ?? `${error.name}: ${error.message}`;
}

/** `url` with the value of every secret query parameter replaced by `…`. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      if (SECRET_PARAM.test(safeDecode(name))) return `${name}=…`;
      // A route in a parameter (`?rest_route=/…/events/1?password=…`) has a query of its own.
      const value = safeDecode(pair.slice(equals + 1));
      return value.includes('?') ? `${name}=${encodeURIComponent(redactedUrl(value))}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** The value decoded, or as it is when its escapes are broken. */
const safeDecode = (text: string) => decodedQueryValue(text) ?? text;
