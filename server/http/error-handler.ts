/**
 * The only place that turns an error into a response. Domain errors and the HTTP layer's own
 * keep their code (http/api-error.ts gives the status); the client's faults that libraries
 * throw (body parsers, zlib, the router) become 4xx with WordPress's codes (client-faults.ts);
 * a full or read-only disk is 507/503 (store/store-failure.ts); anything else is logged with an incident id and
 * answered with a generic 500 (never a stack trace or a database message). The log gets the
 * error's name, message and stack and the URL without secret values: never a body, a header
 * or a cookie (log-safe.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { refusalOf } from '../domain/errors.ts';
import { ApiError, noRoute } from './api-error.ts';
import { clientFaultOf } from './client-faults.ts';
import { loggableError, redactedUrl } from './log-safe.ts';
import type { Logger } from '../logger.ts';
import { storeFailureOf } from '../store/store-failure.ts';

/** What the log may say about the request that failed (`GET /wp-json/…?password=…`). */
type FailedRequest = { method: string; url: string };

function toApiError(error: unknown, request: FailedRequest, logger: Logger): ApiError {
  // The domain's refusals (a date the store refused is one), and the HTTP layer's own, keep
  // their codes.
  const refusal = refusalOf(error);
  if (refusal) return ApiError.of(refusal);
  const clientFault = clientFaultOf(error);
  if (clientFault) return clientFault;
  // A full disk or a read-only data directory: 507/503, for the client to retry later.
  const storeFailure = storeFailureOf(error);
  if (storeFailure) {
    logger.warn(
      `${request.method} ${redactedUrl(request.url)} not saved: ${(error as Error).message}`,
    );
    return new ApiError(
      storeFailure.kind === 'disk-full' ? 'marquee_disk_full' : 'marquee_read_only',
      storeFailure.message,
    );
  }
  const incident = randomUUID();
  logger.error(
    `incident ${incident}: ${request.method} ${redactedUrl(request.url)}\n${loggableError(error)}`,
  );
  return new ApiError('marquee_internal_error', `Internal server error (incident ${incident}).`);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const apiError = toApiError(
      error,
      { method: req.method, url: req.originalUrl || req.url },
      logger,
    );
    res.status(apiError.status).json({
      code: apiError.code,
      message: apiError.message,
      data: { status: apiError.status, ...apiError.data },
      ...(apiError.additionalData ? { additional_data: apiError.additionalData } : {}),
    });
  };
}

/** Anything no route took: WordPress's rest_no_route. */
export const notFound: RequestHandler = (_req, _res, next) => next(noRoute());
