/**
 * Every API root leads to the same routes: `/wp-json/…`, `/?rest_route=/…` (sites
 * without pretty permalinks) and either of them under a language segment (`/de/wp-json/…`).
 * This middleware rewrites them all to `/wp-json/…` and remembers the form, so URLs in
 * responses are built the way the client called.
 */
import type { RequestHandler, Response } from 'express';
import { languageSchema, type Language } from '#shared/languages.ts';
import { ApiError } from './api-error.ts';

export type RestRoot = {
  style: 'pretty' | 'query';
  /** The language its segment names (`/de/wp-json/…`), if it has one. */
  language: Language | undefined;
};

const LANGUAGE_SEGMENT = /^\/([a-z]{2}(?:-[a-z]{2,4})?)(?=\/|$)/;

export const normalizeRestRoot: RequestHandler = (req, res, next) => {
  const queryStart = req.url.indexOf('?');
  let path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : req.url.slice(queryStart + 1);

  let language: Language | undefined;
  const parsed = languageSchema.safeParse(LANGUAGE_SEGMENT.exec(path)?.[1]);
  if (parsed.success) {
    const rest = path.slice(parsed.data.length + 1) || '/';
    if (rest.startsWith('/wp-json') || (rest === '/' && /(^|&)rest_route=/.test(query))) {
      language = parsed.data;
      path = rest;
    }
  }

  const pairs = query === '' ? [] : query.split('&');
  const routePair = pairs.find((pair) => pair.startsWith('rest_route='));
  if (routePair !== undefined && (path === '/' || path === '/index.php')) {
    const route = decodedQueryValue(routePair.slice('rest_route='.length));
    if (route === undefined) {
      return next(new ApiError('marquee_bad_request', 'rest_route holds a broken percent-escape.'));
    }
    const others = pairs.filter((pair) => pair !== routePair).join('&');
    req.url = `/wp-json${route.startsWith('/') ? route : `/${route}`}${others ? `?${others}` : ''}`;
    setRestRoot(res, { style: 'query', language });
  } else if (path === '/wp-json' || path.startsWith('/wp-json/')) {
    req.url = `${path}${query ? `?${query}` : ''}`;
    setRestRoot(res, { style: 'pretty', language });
  }
  next();
};

/** A form-encoded query value decoded (`+` is a space), or undefined for a broken escape. */
export function decodedQueryValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function setRestRoot(res: Response, root: RestRoot): void {
  res.locals.restRoot = root;
}

export function restRootOf(res: Response): RestRoot {
  return (res.locals.restRoot as RestRoot | undefined) ?? { style: 'pretty', language: undefined };
}
