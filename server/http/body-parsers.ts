/**
 * How the API reads request bodies: which Content-Encodings it inflates, JSON and form bodies
 * up to a size, and how deep they may nest. Everything a client can get wrong here is answered
 * 4xx before any handler runs (client-faults.ts maps the parsers' own errors).
 */
import express, { type RequestHandler } from 'express';
import { ApiError } from './api-error.ts';

const BODY_LIMIT = '2mb';
/**
 * Bracket depth and parameter count of form bodies (`a[b][c]=…`); more is a 4xx. The depth is
 * body-parser's own (its `depth` option, missing from its types, defaults to 32).
 */
export const FORM_DEPTH = 32;
export const FORM_PARAMETERS = 1000;
/** Deeper JSON is refused before validation, which (like any recursive code) would overflow. */
const JSON_DEPTH = 64;

/** What body-parser inflates correctly (zlib); anything else, or a list of them, is a 415. */
const ACCEPTED_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

/** Refuses a Content-Encoding the parsers do not take, before a body is read (if there is one). */
export const acceptedEncoding: RequestHandler = (req, _res, next) => {
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (!hasBody || !encoding || ACCEPTED_ENCODINGS.has(encoding)) return next();
  next(
    new ApiError(
      'marquee_unsupported_media_type',
      `The Content-Encoding "${encoding.slice(0, 40)}" is not accepted: send identity, gzip, deflate or br.`,
    ),
  );
};

/** True when `value` nests arrays/objects more than `max` levels deep (iterative: no recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry;
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

const refuseDeepBodies: RequestHandler = (req, _res, next) => {
  if (!nestsDeeperThan(req.body, JSON_DEPTH)) return next();
  next(
    new ApiError(
      'rest_invalid_json',
      `The request body is nested more than ${JSON_DEPTH} levels deep.`,
    ),
  );
};

/** JSON and form bodies (the import route reads its files raw, before these). */
export function apiBodyParsers(): RequestHandler[] {
  return [
    express.json({ limit: BODY_LIMIT }),
    express.urlencoded({
      extended: true,
      limit: BODY_LIMIT,
      parameterLimit: FORM_PARAMETERS,
    }),
    refuseDeepBodies,
  ];
}
