/**
 * A file sent as a request's body (an import), received so that no caller can spend the
 * server's memory with it:
 *
 * - who is calling is known before a byte of the body is read (identifyCaller runs first), and
 *   a caller who may not send the file is refused at once, with `Connection: close`, so the
 *   connection ends with the answer and the client stops sending;
 * - a Content-Length over the limit is refused before reading, too;
 * - what is accepted is streamed to an owner-only file in the data directory's `uploads`
 *   folder, never held in memory, inflated on the way (gzip, deflate, br) and cut off once the
 *   inflated bytes pass the same limit as a plain body (a small bomb cannot become a large file);
 * - at most `atOnce` files are received and read at a time; another is told to come back
 *   (503 with Retry-After) before its body is read;
 * - the file is removed once the answer has gone out (or the client went away).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { DomainError } from '../domain/errors.ts';
import type { Principal } from '../auth/principal.ts';
import { ApiError } from './api-error.ts';
import { storeFailureOf } from '../store/store-failure.ts';
import { identifiedCaller } from './request-context.ts';

/** A received file: where it is on disk, and its size once inflated. */
export type UploadedFile = { path: string; size: number };

const uploads = new WeakMap<Request, UploadedFile>();

/** The file received with `req` (the route reads it from disk), if any. */
export function uploadOf(req: Request): UploadedFile | undefined {
  return uploads.get(req);
}

/** How long a client told to wait is asked to: about the time a large import takes. */
const RETRY_AFTER_SECONDS = 10;

type UploadOptions = {
  /** The data directory's folder for files being received (emptied when the server starts). */
  folder: string;
  /** The most bytes a file may have, inflated. */
  limit: number;
  /** How many files are received and read at once. */
  atOnce: number;
  /** Why `caller` may not send this request's file, or undefined when they may. */
  refusal(caller: Principal | undefined, req: Request): DomainError | undefined;
};

/** Empties what an earlier run of the server left in the folder (it was never answered). */
export function clearUploads(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

function inflaterOf(req: Request): Transform | undefined {
  switch (req.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      // identity, or none: acceptedEncoding (body-parsers.ts) refused anything else.
      return undefined;
  }
}

class TooLarge extends Error {}

function tooLarge(limit: number): ApiError {
  return new ApiError(
    'marquee_payload_too_large',
    `The file is too large (at most ${limit} bytes, once inflated).`,
  );
}

/** Passes bytes on while they stay within `limit`; past it, fails with TooLarge. */
function capped(limit: number, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > limit) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

/** The answer ends the connection: what the client still sends is not read. */
function refuseAndClose(res: Response, error: Error): Error {
  res.set('Connection', 'close');
  return error;
}

export function fileUpload(options: UploadOptions): RequestHandler {
  let receiving = 0;
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const refused = options.refusal(identifiedCaller(res), req);
    if (refused) return next(refuseAndClose(res, refused));
    const declared = Number(req.headers['content-length']);
    if (declared > options.limit) return next(refuseAndClose(res, tooLarge(options.limit)));
    if (receiving >= options.atOnce) {
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      return next(
        refuseAndClose(
          res,
          new ApiError(
            'marquee_import_busy',
            `${options.atOnce} files are being imported: send this one again in a moment.`,
          ),
        ),
      );
    }

    receiving += 1;
    mkdirSync(options.folder, { recursive: true, mode: 0o700 });
    const path = join(options.folder, `${randomUUID()}.upload`);
    const counted = { size: 0 };
    const inflater = inflaterOf(req);
    const counter = capped(options.limit, counted);
    const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    const received = inflater ? pipeline(inflater, counter, sink) : pipeline(counter, sink);
    let released = false;
    // The file and its place are given back once the answer is out or the client is gone; the
    // file once its writer is done too, which may still be opening it when a refusal goes out.
    res.once('close', () => {
      if (released) return;
      released = true;
      receiving -= 1;
      const remove = () => rmSync(path, { force: true });
      received.then(remove, remove);
    });
    const head = inflater ?? counter;
    // The request is piped by hand, not handed to pipeline: pipeline would destroy it (and
    // its socket) on a failure, leaving no connection to answer on.
    req.on('close', () => {
      if (!req.complete) head.destroy(new Error('the upload was cut short'));
    });
    req.pipe(head);
    received.then(
      () => {
        uploads.set(req, { path, size: counted.size });
        next();
      },
      (error: unknown) => {
        req.unpipe();
        if (error instanceof TooLarge) return next(refuseAndClose(res, tooLarge(options.limit)));
        // The data directory's disk is full or refuses writes: 507 or 503, for a retry later.
        const stored = storeFailureOf(error, true);
        if (stored) return next(refuseAndClose(res, stored));
        // zlib's refusal of bytes that are not what Content-Encoding says, or a cut upload.
        next(
          refuseAndClose(
            res,
            new ApiError(
              'marquee_bad_request',
              'The file could not be read: its body does not match its Content-Encoding, or it was cut short.',
            ),
          ),
        );
      },
    );
  };
}
