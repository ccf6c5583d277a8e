/**
 * The one error type of the API. Services and routes throw it; error-handler.ts renders it as
 * the WordPress envelope `{code, message, data: {status, …}}`.
 */
import { ERROR_STATUS, type ErrorCode } from '#shared/errors/codes.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra keys of the envelope's `data` (params, details, term_id…). */
  readonly data: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    data: Record<string, unknown> = {},
    status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status ?? ERROR_STATUS[code];
    this.data = data;
  }
}

/** `rest_invalid_param`: one message per bad parameter (WordPress core's shape). */
export function invalidParams(params: Record<string, string>): ApiError {
  return new ApiError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    {
      params,
      details: {},
    },
  );
}

/** `rest_missing_callback_param`: the names of required parameters that were not sent. */
export function missingParams(names: string[]): ApiError {
  return new ApiError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  });
}

export function noRoute(): ApiError {
  return new ApiError('rest_no_route', 'No route was found matching the URL and request method.');
}

/** Permission refused: 401 for anonymous callers, 403 for signed-in ones (WordPress's rule). */
export function forbidden(
  signedIn: boolean,
  message = 'Sorry, you are not allowed to do that.',
): ApiError {
  return new ApiError('rest_forbidden', message, {}, signedIn ? 403 : 401);
}
