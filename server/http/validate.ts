/**
 * A request's parameters the WordPress way: one bag merged from the query,
 * the body and the path; `null` means "not sent". domain/validate.ts checks them.
 */
import type { Request } from 'express';
import type { ParamBag } from '../domain/validate.ts';

/** Path parameters win over body and query ones (WordPress lets the query win; we do not). */
export function requestParams(req: Request): ParamBag {
  const body =
    // A Buffer is an uploaded file (the import route reads bodies raw), not parameters.
    req.body &&
    typeof req.body === 'object' &&
    !Array.isArray(req.body) &&
    !Buffer.isBuffer(req.body)
      ? (req.body as ParamBag)
      : {};
  const merged: ParamBag = { ...(req.query as ParamBag), ...body, ...req.params };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return merged;
}
