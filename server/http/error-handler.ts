/**
 * The only place that turns an error into a response. Known errors keep their code; body
 * parser failures get WordPress's codes; anything else is logged with an incident id and
 * answered with a generic 500 (never a stack trace or a database message).
 */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, noRoute } from './api-error.ts';
import type { Logger } from '../logger.ts';

type BodyParserError = Error & { type?: string; status?: number };

function toApiError(error: unknown, logger: Logger): ApiError {
  if (error instanceof ApiError) return error;
  const parserError = error as BodyParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return new ApiError('rest_invalid_json', 'Invalid JSON body passed.');
    case 'entity.too.large':
      return new ApiError(
        'marquee_payload_too_large',
        `The request body is too large (at most ${(error as { limit?: number }).limit ?? '?'} bytes).`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('marquee_unsupported_media_type', parserError.message);
  }
  const incident = randomUUID();
  logger.error(`incident ${incident}:`, error);
  return new ApiError('marquee_internal_error', `Internal server error (incident ${incident}).`);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const apiError = toApiError(error, logger);
    res.status(apiError.status).json({
      code: apiError.code,
      message: apiError.message,
      data: { status: apiError.status, ...apiError.data },
    });
  };
}

/** Anything no route took: WordPress's rest_no_route. */
export const notFound: RequestHandler = (_req, _res, next) => next(noRoute());
