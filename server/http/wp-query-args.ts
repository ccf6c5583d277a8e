/**
 * WordPress's `add_query_arg` and `remove_query_arg`, which TEC builds its list URLs with
 * (`rest_url`, `next_rest_url`, `previous_rest_url`), working on a URL's query string. Their
 * encoding is WordPress's, quirks included, so clients comparing URLs see TEC's: the arguments
 * added are written as they are (`start_date=2026-11-26 00:00:00`), and those the query had
 * already are decoded and encoded again with PHP's urlencode (`2026-11-26+00%3A00%3A00`). A URL
 * built in two calls, or a next page's URL made from the current one, shows both.
 */
import type { QueryValue, QueryValues } from './api-urls.ts';

/** What PHP's urlencode and urldecode leave as it is (most of a query: numbers, dates' digits). */
const PLAIN = /^[\w.-]*$/;

/** PHP's urlencode: letters, digits and `-_.` stay, a space is `+`, the rest is %XX. */
function phpUrlencode(value: string): string {
  if (PLAIN.test(value)) return value;
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP's urldecode (wp_parse_str): `+` is a space; a broken escape stays as it is. */
function phpUrldecode(value: string): string {
  if (PLAIN.test(value)) return value;
  const spaced = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const written = (value: Exclude<QueryValue, undefined>) =>
  Array.isArray(value) ? value.join(',') : String(value);

/** `add_query_arg(args, '?' + query)`: `undefined` values are left out (WordPress drops `false`). */
export function addQueryArgs(query: string, args: QueryValues): string {
  const values = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = phpUrldecode(at >= 0 ? pair.slice(0, at) : pair);
    values.set(key, phpUrlencode(phpUrldecode(at >= 0 ? pair.slice(at + 1) : '')));
  }
  for (const [key, value] of args) {
    if (value === undefined) values.delete(key);
    else values.set(key, written(value));
  }
  return [...values].map(([key, value]) => `${key}=${value}`).join('&');
}

/** `remove_query_arg(key, '?' + query)`: the other arguments come back encoded again. */
export function removeQueryArg(query: string, key: string): string {
  return addQueryArgs(query, [[key, undefined]]);
}

/** A collection's URL (which may hold `?rest_route=` already) with a query string. */
export function withQuery(base: string, query: string): string {
  if (query === '') return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
