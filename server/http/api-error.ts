/**
 * The API's errors: a domain error with the HTTP status it is answered with. The domain throws
 * DomainError (domain/errors.ts); the HTTP layer's own refusals (routes, hosts, bodies) are
 * ApiErrors from the start. error-handler.ts renders either as the WordPress envelope
 * `{code, message, data: {status, …}}`.
 */
import { ERROR_STATUS, type ErrorCode } from '#shared/errors/codes.ts';
import { DomainError } from '../domain/errors.ts';

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

  /** How HTTP answers a domain error: its code's status, and its data in the envelope's. */
  static of(error: DomainError): ApiError {
    if (error instanceof ApiError) return error;
    const status = statusOf(error);
    return new ApiError(
      error.code,
      error.message,
      envelopeDataOf(error.data, status),
      status,
      error.additionalData,
    );
  }
}

/**
 * The status the API answers `error` with, in its envelope's `data.status` (over HTTP and in a
 * sync push's results): its code's (shared/errors/codes.ts); a refusal to a caller who has not
 * signed in is 401, as WordPress answers.
 */
export function statusOf(error: DomainError): number {
  return error.anonymous ? 401 : ERROR_STATUS[error.code];
}

/**
 * The envelope's extra data of a domain error. A refusal the domain nests in `details` by its
 * code and message alone (TEC's own validators', such as `event-tickets-not-active`) is a
 * WordPress error of its own there, whose data is the status it is answered with: the same.
 */
function envelopeDataOf(data: Record<string, unknown>, status: number): Record<string, unknown> {
  const { details } = data;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return data;
  const nested = Object.entries(details as Record<string, unknown>).map(([name, detail]) => [
    name,
    typeof detail === 'object' && detail !== null && 'code' in detail && !('data' in detail)
      ? { ...detail, data: { status } }
      : detail,
  ]);
  return { ...data, details: Object.fromEntries(nested) };
}

export function noRoute(): ApiError {
  return new ApiError('rest_no_route', 'No route was found matching the URL and request method.');
}
