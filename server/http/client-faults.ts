/**
 * Errors that are the client's fault but come from libraries, not from our code: the body
 * parsers (http-errors with a `type`), zlib inflating a body that is not what its
 * Content-Encoding says, and the router failing to decode a percent-escape in the path. Each
 * becomes a 4xx ApiError; nothing of the error's data (body-parser attaches the whole body) is
 * carried over.
 */
import { ApiError } from './api-error.ts';
import { FORM_DEPTH, FORM_PARAMETERS } from './body-parsers.ts';

/** What http-errors (body-parser, raw-body, the router) put on the errors they create. */
type LibraryError = Error & { type?: unknown; status?: unknown; expose?: unknown; limit?: unknown };

/** A 4xx ApiError for a client's fault, or undefined when `error` is not one. */
export function clientFaultOf(error: unknown): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { type, status, expose } = error as LibraryError;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError('rest_invalid_json', 'Invalid JSON body passed.');
    case 'entity.too.large': {
      const limit = (error as LibraryError).limit;
      return new ApiError(
        'marquee_payload_too_large',
        `The request body is too large (at most ${typeof limit === 'number' ? limit : '?'} bytes).`,
      );
    }
    case 'parameters.too.many':
      return new ApiError(
        'marquee_payload_too_large',
        `The form has too many parameters (at most ${FORM_PARAMETERS}).`,
      );
    case 'querystring.parse.rangeError':
      return new ApiError(
        'marquee_bad_request',
        `The form is nested too deeply (at most ${FORM_DEPTH} levels of brackets).`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('marquee_unsupported_media_type', error.message);
  }
  // The router decodes path parameters lazily and throws on a broken escape (`/events/%zz`).
  // Only the router's (it marks it 400); a URIError of our own decoding is a bug, a 500.
  if (error instanceof URIError && (error as URIError & { status?: number }).status === 400) {
    return new ApiError('marquee_bad_request', 'The URL holds a broken percent-escape.');
  }
  // Any other error a library marked as the client's (zlib's "incorrect header check" on a
  // body sent as gzip that is not gzip, an aborted upload): its status, our generic message.
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(
      'marquee_bad_request',
      'The request could not be read: its body does not match its Content-Type or Content-Encoding, or it was cut short.',
      {},
      status,
    );
  }
  return undefined;
}
