/**
 * Arguments every `wp/v2` collection takes, checked with WordPress core's words
 * (`rest_validate_value_from_schema`): per_page 1–100, RFC 3339 dates, `context`, and the
 * global `_fields` and `_embed`.
 */
import { z } from 'zod';
import { splitList, wpIdList, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { DateTime } from 'luxon';
import { DATE_TIME_FORMAT, toUtcString } from '#shared/time/datetime.ts';
import { forbidden, invalidParams } from '../../domain/errors.ts';
import { ApiError } from '../../http/api-error.ts';

const MAX_PER_PAGE = 100;

/** A refusal of one argument with WordPress's detail for it (its code, no data). */
function refused(name: string, code: string, message: string) {
  return invalidParams({ [name]: message }, { [name]: { code, message, data: null } });
}

export const wpListArgs = {
  context: z.enum(['view', 'embed', 'edit']).default('view').meta({
    description: 'Scope under which the request is made; determines fields present in response.',
  }),
  page: wpPositiveInteger
    .default(1)
    .meta({ description: 'Current page of the collection.', minimum: 1 }),
  // Checked by perPageOf, for WordPress's words; described as the integer it must be.
  per_page: z.unknown().default(10).meta({
    description: 'Maximum number of items to be returned in result set.',
    type: 'integer',
    minimum: 1,
    maximum: MAX_PER_PAGE,
  }),
  search: z.string().optional().meta({ description: 'Limit results to those matching a string.' }),
  include: wpIdList.optional().meta({ description: 'Limit result set to specific IDs.' }),
  exclude: wpIdList.optional().meta({ description: 'Ensure result set excludes specific IDs.' }),
  slug: z.preprocess(splitList, z.array(z.string())).optional().meta({
    description: 'Limit result set to items with one or more specific slugs.',
  }),
  _fields: z.preprocess(splitList, z.array(z.string())).optional().meta({
    description: 'The fields of each item to answer with (dots name nested ones).',
  }),
  _embed: z.unknown().optional().meta({
    description: 'Embed the embeddable links (author, wp:featuredmedia, wp:term), or those listed.',
  }),
};

/** per_page as WordPress checks it: an integer from 1 to 100, else a 400 naming the bounds. */
export function perPageOf(value: unknown): number {
  if (value === undefined) return 10;
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw refused('per_page', 'rest_invalid_type', 'per_page is not of type integer.');
  if (number < 1 || number > MAX_PER_PAGE)
    throw refused(
      'per_page',
      'rest_out_of_bounds',
      `per_page must be between 1 (inclusive) and ${MAX_PER_PAGE} (inclusive)`,
    );
  return number;
}

/**
 * An argument of a few values, described as core's `enum` and checked by `oneOf` (for core's
 * words: `rest_not_in_enum`, which Marquee's other doors do not send).
 */
export function wpEnumArg(values: readonly string[], fallback: string, description: string) {
  return z
    .unknown()
    .default(fallback)
    .meta({ description, type: 'string', enum: [...values] });
}

/** The value of a `wpEnumArg`: its default when absent, else one of its values or a 400. */
export function oneOf<T extends string>(
  name: string,
  values: readonly T[],
  value: unknown,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
  const list =
    values.length < 3
      ? values.join(' and ')
      : `${values.slice(0, -1).join(', ')}, and ${values.at(-1)}`;
  throw refused(name, 'rest_not_in_enum', `${name} is not one of ${list}.`);
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * An RFC 3339 date as a UTC `YYYY-MM-DD HH:MM:SS` (one without an offset is the site's time),
 * or a 400 `Invalid date.` as WordPress answers.
 */
export function utcOfRfc3339(name: string, value: unknown, zone: string): string | undefined {
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? RFC3339.exec(value) : null;
  if (!match) throw refused(name, 'rest_invalid_date', 'Invalid date.');
  const [, year, month, day, hour, minute, second, offset] = match;
  const local = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  if (offset === undefined) {
    const inZone = DateTime.fromFormat(local, DATE_TIME_FORMAT, { zone });
    return inZone.isValid ? toUtcString(inZone.toJSDate()) : failed(name);
  }
  const at = Date.parse(
    `${year}-${month}-${day}T${hour}:${minute}:${second}${normalOffset(offset)}`,
  );
  if (Number.isNaN(at)) return failed(name);
  return toUtcString(new Date(at));
}

function failed(name: string): never {
  throw refused(name, 'rest_invalid_date', 'Invalid date.');
}

function normalOffset(offset: string): string {
  if (/^z$/i.test(offset)) return 'Z';
  const digits = offset.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
}

/** `context=edit` for a caller who may not edit: WordPress's rest_forbidden_context. */
export function forbiddenContext(signedIn: boolean, what: string): ApiError {
  const error = forbidden(signedIn, `Sorry, you are not allowed to edit ${what}.`);
  return new ApiError('rest_forbidden_context', error.message, {}, signedIn ? 403 : 401);
}

/**
 * `_fields`: only the named fields of an item, a dotted name keeping one nested field
 * (`title.rendered`), as rest_filter_response_fields does.
 */
export function onlyFields(item: Record<string, unknown>, fields: readonly string[] | undefined) {
  if (!fields) return item;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    const wanted = fields.filter((field) => field === key || field.startsWith(`${key}.`));
    if (wanted.length === 0) continue;
    const value = item[key];
    if (wanted.includes(key) || typeof value !== 'object' || value === null) kept[key] = value;
    else
      kept[key] = onlyFields(
        value as Record<string, unknown>,
        wanted.map((field) => field.slice(key.length + 1)),
      );
  }
  return kept;
}

/** WordPress's paging headers. */
export function wpTotals(total: number, pages: number): Record<string, string> {
  return { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) };
}

/**
 * Which links `_embed` embeds, as `rest_parse_embed_param` reads it: none without it, every
 * one for an empty value, `1` or `true`, else the listed relations.
 */
export function embedsOf(embed: unknown): (rel: string) => boolean {
  if (embed === undefined) return () => false;
  const listed = splitList(embed);
  const rels = Array.isArray(listed)
    ? listed.filter((rel): rel is string => typeof rel === 'string' && rel !== '')
    : [];
  if (embed === '1' || embed === 'true' || rels.length === 0) return () => true;
  return (rel) => rels.includes(rel);
}
