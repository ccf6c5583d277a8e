/**
 * Request parameters the WordPress way (tec-rest-v1 §0.2): one bag merged from the query, the
 * body and the path; `null` means "not sent"; required ones missing → rest_missing_callback_param;
 * any bad value → rest_invalid_param with a message per parameter. Runs before permission checks.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { invalidParams, missingParams } from './api-error.ts';

export type ParamBag = Record<string, unknown>;

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

/** The parameters a schema cannot do without, once per schema (imports validate 100k bodies). */
const requiredOf = new WeakMap<z.ZodObject, string[]>();

function requiredParams(schema: z.ZodObject): string[] {
  let required = requiredOf.get(schema);
  if (!required) {
    required = Object.entries(schema.shape)
      .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
      .map(([name]) => name);
    requiredOf.set(schema, required);
  }
  return required;
}

export function validateParams<S extends z.ZodObject>(schema: S, params: ParamBag): z.output<S> {
  const missing = requiredParams(schema).filter((name) => params[name] === undefined);
  if (missing.length > 0) throw missingParams(missing);

  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'body');
    messages[name] ??= `${name} ${issue.message}`;
  }
  throw invalidParams(messages);
}
