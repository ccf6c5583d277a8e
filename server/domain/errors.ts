/**
 * The domain's one error type: a machine code from the API's list (shared/errors/codes.ts), a
 * message and the envelope's extra data. It says what went wrong, never how to answer it: the
 * HTTP layer maps it to a status and the WordPress envelope (http/api-error.ts), and the
 * command line, imports and sync read the code and message.
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import { refusedDateOf } from '../store/date-refusals.ts';

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Extra keys of the envelope's `data` (params, details, term_id…). */
  readonly data: Record<string, unknown>;
  /** A refused permission: the caller had not signed in (the API tells it apart: 401, not 403). */
  readonly anonymous: boolean;
  /** WordPress's `additional_data`, beside the envelope's data: what the error held before. */
  readonly additionalData: readonly unknown[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    data: Record<string, unknown> = {},
    anonymous = false,
    additionalData?: readonly unknown[],
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.data = data;
    this.anonymous = anonymous;
    this.additionalData = additionalData;
  }
}

/**
 * `rest_invalid_param`: one message per bad parameter (WordPress core's shape). WordPress fills
 * `details` only from validators that return an error object (its schema checks: a value not of
 * the argument's type): else an empty PHP array, `[]` in JSON.
 */
export function invalidParams(
  params: Record<string, string>,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    { params, details: Object.keys(details).length > 0 ? details : [] },
  );
}

/** A field's date that names no moment on the calendar (the write command's and the store's). */
export function notADate(field: string, value: string): string {
  return `${field}: "${value}" is not a date and time on the calendar (YYYY-MM-DD HH:MM:SS)`;
}

/**
 * The refusal `error` is, or undefined when it is the server's own failure: a domain error, or
 * a date the store's triggers refused (a door let it through; the caller's data all the same,
 * so a 400 naming the field, as the write command gives, never a 500).
 */
export function refusalOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const refused = refusedDateOf(error);
  return refused && invalidParams({ [refused.field]: notADate(refused.field, refused.value) });
}

/** `rest_missing_callback_param`: the names of required parameters that were not sent. */
export function missingParams(names: string[]): DomainError {
  return new DomainError(
    'rest_missing_callback_param',
    `Missing parameter(s): ${names.join(', ')}`,
    { params: names },
  );
}

/** Permission refused, to a caller who has signed in or not (the API answers each its way). */
export function forbidden(
  signedIn: boolean,
  message = 'Sorry, you are not allowed to do that.',
): DomainError {
  return new DomainError('rest_forbidden', message, {}, !signedIn);
}
