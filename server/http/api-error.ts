/**
 * The API's errors: a domain error with the HTTP status it is answered with. The domain throws
 * DomainError (domain/errors.ts); the HTTP layer's own refusals (routes, hosts, bodies) are
 * ApiErrors from the start. error-handler.ts renders either as the WordPress envelope
 * `{code, message, data: {status, …}}`.
 */
import { ERROR_STATUS, type ErrorCode } from '#shared/errors/codes.ts';
import { DomainError, statusOf } from '../domain/errors.ts';

export class ApiError extends DomainError {
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    data: Record<string, unknown> = {},
    status?: number,
    additionalData?: readonly unknown[],
  ) {
    super(code, message, data, false, additionalData);
    this.name = 'ApiError';
    this.status = status ?? ERROR_STATUS[code];
  }

  /** How HTTP answers a domain error: its code's status; a refusal to a visitor is 401. */
  static of(error: DomainError): ApiError {
    if (error instanceof ApiError) return error;
    return new ApiError(
      error.code,
      error.message,
      error.data,
      statusOf(error),
      error.additionalData,
    );
  }
}

export function noRoute(): ApiError {
  return new ApiError('rest_no_route', 'No route was found matching the URL and request method.');
}
