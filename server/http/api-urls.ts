/**
 * Absolute URLs for responses (`rest_url`, `next_rest_url`, `urls.self`…), built from the
 * request's host, its root form and language segment, and the namespace it called.
 * The origin is parsed once, with the request context, before any handler writes: building
 * an answer's URLs after a commit cannot fail.
 */
import type { Request } from 'express';
import { ApiError } from './api-error.ts';
import type { RestRoot } from './rest-root.ts';

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type QueryValues = ReadonlyArray<readonly [string, QueryValue]>;

export type ApiUrls = {
  /** e.g. http://127.0.0.1:8787 */
  readonly origin: string;
  /**
   * The origin's host name without its port (`global_id`): localhost. TEC writes the site's
   * host so (`parse_url(home_url(), PHP_URL_HOST)`), whatever port the site listens on.
   */
  readonly host: string;
  /** The API index: http://host/wp-json/ (or http://host/?rest_route=/). */
  index(): string;
  /** A namespace root with a trailing slash, e.g. http://host/de/wp-json/tribe/events/v1/ */
  root(namespace: string): string;
  /** `path` under a namespace, with query values in the given order (undefined ones skipped). */
  route(namespace: string, path: string, query?: QueryValues): string;
};

/** Commas, colons and brackets stay readable; everything else is percent-encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

function encodeQuery(query: QueryValues): string {
  return query
    .filter(
      (entry): entry is readonly [string, Exclude<QueryValue, undefined>] => entry[1] !== undefined,
    )
    .map(([key, value]) => {
      const text = Array.isArray(value) ? value.join(',') : String(value);
      return `${encodeURIComponent(key)}=${encodeValue(text)}`;
    })
    .join('&');
}

export function apiUrlsFor(req: Request, root: RestRoot): ApiUrls {
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  // The host guard refuses malformed hosts; this keeps the promise for any other caller.
  if (!URL.canParse(origin)) {
    throw new ApiError('marquee_invalid_host', 'The Host header is not valid.', {}, 400);
  }
  return apiUrlsAt(origin, root);
}

/** URLs under a fixed origin: for work done without a request (the command line). */
export function apiUrlsAt(
  origin: string,
  root: RestRoot = { style: 'pretty', language: undefined },
): ApiUrls {
  const prefix = `${origin}${root.language ? `/${root.language}` : ''}`;
  const routeUrl = (route: string, query: QueryValues = []): string => {
    const search = encodeQuery(query);
    if (root.style === 'query')
      return `${prefix}/?rest_route=${route}${search ? `&${search}` : ''}`;
    return `${prefix}/wp-json${route}${search ? `?${search}` : ''}`;
  };
  return {
    origin,
    host: new URL(origin).hostname,
    index: () => routeUrl('/'),
    root: (namespace) => routeUrl(`/${namespace}/`),
    route: (namespace, path, query) => routeUrl(`/${namespace}/${path}`, query),
  };
}
