/**
 * Storage failures that are nobody's request's fault and that waiting (or the owner) fixes: a
 * full disk (an HTTP 507) and a data directory that cannot be written (503). SQLite reports them through
 * node:sqlite's `errcode`, an extended result code whose low byte is the primary code
 * (https://sqlite.org/rescode.html); file writes such as settings.json's through Node's errno
 * `code`. Anything else is not a storage failure (undefined) and stays a 500 with an incident.
 */

const SQLITE_PERM = 3;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
/**
 * The I/O errors of writing (IOERR_WRITE, _FSYNC, _DIR_FSYNC, _TRUNCATE, _DELETE): the disk
 * refuses writes. Any other I/O error (a failed read, out of memory, a corrupt file system) is
 * an incident, not a refusal to wait out.
 */
const SQLITE_IOERR_WRITES = new Set([778, 1034, 1290, 1546, 2570]);

const DISK_FULL_ERRNO = new Set(['ENOSPC', 'EDQUOT']);
/** Always a write problem, whatever the call. */
const READ_ONLY_ERRNO = new Set(['EROFS']);
/** A write problem when the caller knows it was writing (these also come from reads). */
const WRITE_REFUSED_ERRNO = new Set(['EACCES', 'EPERM', 'EIO']);

/** A change that could not be saved for want of room or of a writable directory. */
export class StoreFailure extends Error {
  readonly kind: 'disk-full' | 'read-only';

  constructor(kind: 'disk-full' | 'read-only', message: string) {
    super(message);
    this.name = 'StoreFailure';
    this.kind = kind;
  }
}

function diskFull(): StoreFailure {
  return new StoreFailure(
    'disk-full',
    'The disk is full: the change was not saved. Free some space and try again.',
  );
}

function readOnly(): StoreFailure {
  return new StoreFailure(
    'read-only',
    'The calendar’s data directory cannot be written to (it is read-only, Marquee may not write there, or its disk failed): the change was not saved. Reads still work; make the directory writable and try again.',
  );
}

type FailureShape = { code?: unknown; errcode?: unknown };

/**
 * The storage failure `error` is, or undefined (the HTTP layer answers it with 507 or 503).
 * `writing`: the caller was writing a file, so a permission or I/O error means the directory
 * refuses writes.
 */
export function storeFailureOf(error: unknown, writing = false): StoreFailure | undefined {
  if (error instanceof StoreFailure) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errcode } = error as FailureShape;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    const primary = errcode & 0xff;
    if (primary === SQLITE_FULL) return diskFull();
    if (primary === SQLITE_IOERR) return SQLITE_IOERR_WRITES.has(errcode) ? readOnly() : undefined;
    if ([SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].includes(primary)) return readOnly();
    return undefined;
  }
  if (typeof code !== 'string') return undefined;
  if (DISK_FULL_ERRNO.has(code)) return diskFull();
  if (READ_ONLY_ERRNO.has(code) || (writing && WRITE_REFUSED_ERRNO.has(code))) return readOnly();
  return undefined;
}
