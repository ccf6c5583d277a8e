/**
 * How the CalDAV door answers what it refuses. A protocol condition (a stale ETag, an unknown
 * sync token, a to-do) is DAV's XML error body (RFC 4918 §16), which clients read: the
 * precondition's element and the sentence in a `message` element of Marquee's namespace. The
 * domain's refusals keep the API's envelope (http/error-handler.ts); a 401 of either kind says
 * `WWW-Authenticate: Basic`, so a phone asks for the password again.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { refusalOf } from '../../domain/errors.ts';
import { ApiError } from '../../http/api-error.ts';
import { ObjectRefusal, type RefusalReason } from '../../transfer/caldav/object-refusal.ts';
import { CALDAV, DAV, element, writeXml, type XmlElement } from './dav-xml.ts';

/** A refusal of the door's own: its status, and its precondition (`dav:…`, `caldav:…`). */
export class DavError extends Error {
  readonly status: number;
  readonly condition: string | undefined;
  constructor(status: number, condition: string | undefined, message: string) {
    super(message);
    this.name = 'DavError';
    this.status = status;
    this.condition = condition;
  }
}

const STATUS: Record<RefusalReason, number> = {
  invalid: 400,
  unsupported: 403,
  stale: 412,
  missing: 404,
};

/** Where the error's sentence goes: DAV's error element takes any element. */
const MARQUEE_NS = 'urn:marquee:dav';

export function sendXml(res: Response, status: number, root: XmlElement): void {
  res.status(status).type('application/xml; charset=utf-8').send(writeXml(root));
}

export function askForPassword(res: Response): void {
  res.set('WWW-Authenticate', 'Basic realm="Marquee", charset="UTF-8"');
}

export const davErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const own =
    error instanceof ObjectRefusal
      ? new DavError(STATUS[error.reason], error.condition, error.message)
      : error instanceof DavError
        ? error
        : undefined;
  if (!own) {
    const refusal = refusalOf(error);
    const status =
      error instanceof ApiError ? error.status : refusal && ApiError.of(refusal).status;
    if (status === 401) askForPassword(res);
    next(error);
    return;
  }
  const [space, name] = own.condition?.split(':') ?? [];
  const condition = name ? [element(space === 'dav' ? DAV : CALDAV, name)] : [];
  sendXml(
    res,
    own.status,
    element(DAV, 'error', [...condition, element(MARQUEE_NS, 'message', own.message)]),
  );
};
