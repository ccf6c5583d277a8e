/**
 * Parameter types with WordPress REST semantics: clients send numbers and
 * booleans as strings, lists as CSV or arrays. Every wire variant of the resource schemas is
 * built from these so the server accepts exactly what TEC accepts.
 */
import { z } from 'zod';
import { POST_STATUSES, type PostStatus } from './common.ts';
import { parseDateInput } from '../time/datetime.ts';

const INTEGER = /^\s*-?\d+\s*$/;

/** An integer, given as a number or a numeric string. */
export const wpInteger = z.preprocess(
  (value) => (typeof value === 'string' && INTEGER.test(value) ? Number(value) : value),
  z.int('must be an integer'),
);

export const wpPositiveInteger = z.preprocess(
  (value) => (typeof value === 'string' && INTEGER.test(value) ? Number(value) : value),
  z.int('must be a positive integer').positive('must be a positive integer'),
);

const TRUE_VALUES = new Set(['true', '1']);
const FALSE_VALUES = new Set(['false', '0', '']);

/** `type: boolean` in WordPress: true/false, "true"/"false", "1"/"0", 1/0. */
export const wpBoolean = z.preprocess((value) => {
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  if (TRUE_VALUES.has(lower)) return true;
  if (FALSE_VALUES.has(lower)) return false;
  return value;
}, z.boolean('must be a boolean (true, false, 1 or 0)'));

const TRUTHY = new Set(['1', 'true', 'yes', 'on', 'y']);

/** TEC's `tribe_is_truthy`: any value is accepted; yes/true/1/on count as true. */
export const wpTruthy = z.preprocess(
  (value) => (typeof value === 'boolean' ? value : TRUTHY.has(String(value).trim().toLowerCase())),
  z.boolean(),
);

/** A CSV string (spaces allowed around commas) or an array, as a list of trimmed strings. */
export function splitList(value: unknown): unknown {
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (typeof item === 'string' ? item.trim() : item));
  return value;
}

/** CSV or array of positive integer ids. */
export const wpIdList = z.preprocess(
  splitList,
  z.array(wpPositiveInteger).min(1, 'must list at least one id'),
);

/** CSV or array of post statuses; each must be one we know. */
export const wpStatusList = z.preprocess(
  splitList,
  z
    .array(z.string())
    .min(1)
    .refine(
      (items): items is PostStatus[] =>
        items.every((item) => (POST_STATUSES as readonly string[]).includes(item)),
      `must be one or more of: ${POST_STATUSES.join(', ')}`,
    ),
) as z.ZodType<PostStatus[]>;

/** A string that must not be empty when sent (TEC's `is_string` + not empty validators). */
export const wpNonEmptyString = z.string('must be a string').trim().min(1, 'must not be empty');

/** Page and per_page with TEC's cap: per_page above the maximum is lowered, not refused. */
const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 10;

export const pagingParams = {
  page: wpPositiveInteger.default(1).meta({ description: 'The page of results to return.' }),
  per_page: wpPositiveInteger
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, MAX_PER_PAGE))
    .meta({ description: `The number of results on each page (at most ${MAX_PER_PAGE}).` }),
};

/** A date as TEC accepts it in bodies: a Unix timestamp or a parseable date string. */
export const wpDateInput = z
  .union([z.string(), z.number()], 'must be a date string or a Unix timestamp')
  .refine((value) => parseDateInput(value, 'UTC') !== undefined, 'is not a date we can read');
