/**
 * A large file's import in a worker thread of its own, so the server answers other requests
 * while it runs. The thread reads the file (import-worker.ts),
 * then writes it through the same domain services over a connection of its own to the same
 * database file, in one transaction (import-file.ts): all or nothing, every rule of the write
 * command kept. Meanwhile the server's thread answers: WAL lets its connection read what is
 * committed, and its writes wait without blocking the thread (database.ts `writeAside`). The
 * reading has no deadline: the readers bound their work (lines, problems, occurrences, events),
 * so a file gets the same answer on a busy machine as on an idle one. Small files are read and
 * written in place (calendar-files.ts): a thread and a second connection cost more than they do.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Language } from '#shared/languages.ts';
import type { CsvColumnChoices } from '../csv/csv-columns.ts';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import type { DomainContext } from '../../domain/context.ts';
import { DomainError } from '../../domain/errors.ts';
import { StoreFailure } from '../../store/store-failure.ts';
import type { FileContents } from '../file-contents.ts';
import type { FileFormat } from '../read-file.ts';

/** From this size on a file is imported aside (about 0.1 s of reading, 0.5 s of writing). */
export const IMPORT_ASIDE_BYTES = 1_000_000;

/** The import's thread's name (it shows in debuggers, and tests know it by it). */
export const IMPORT_THREAD = 'marquee-import';

type ImportOptions = {
  dryRun: boolean;
  language?: Language | undefined;
  skipBroken?: boolean | undefined;
  /** CSV: the columns chosen for headers (header → key, "" to leave one out). */
  columns?: CsvColumnChoices | undefined;
};

/** What the thread is given (workerData). */
export type AsideInput = {
  file: string;
  format: FileFormat;
  /** The file to import: its bytes, or where it is on disk (the thread reads it there). */
  source: { bytes: Uint8Array } | { path: string };
  context: DomainContext;
  options: ImportOptions;
  /**
   * Set to 1 by the server's thread when the server stops: the write checks it between records
   * and rolls back. A flag, not the thread's end: a thread ended during its COMMIT may have
   * committed without saying so, and the answer would then lie.
   */
  stop: Int32Array;
};

/** What the server's thread needs of a file read aside to decide on its write. */
export type ReadFacts = {
  events: number;
  records: number;
  problems: number;
  whole: boolean;
};

export type ToThread = { write: { given: number } };

/** An error as it crosses threads: structured cloning keeps only an Error's message. */
type Failure =
  | { domain: { code: DomainError['code']; message: string; data: Record<string, unknown> } }
  | { store: { kind: StoreFailure['kind']; message: string } }
  | { error: { name: string; message: string; stack?: string; code?: unknown; errcode?: unknown } };

type FromThread = { read: ReadFacts } | { done: ImportSummary } | { failed: Failure };

export function factsOf(contents: FileContents): ReadFacts {
  return {
    events: contents.events.length,
    records: contents.events.length + contents.venues.length + contents.organizers.length,
    problems: contents.problems.length,
    whole: contents.whole === true,
  };
}

export function failureOf(error: unknown): Failure {
  if (error instanceof DomainError)
    return { domain: { code: error.code, message: error.message, data: error.data } };
  if (error instanceof StoreFailure) return { store: { kind: error.kind, message: error.message } };
  const { name, message, stack, code, errcode } = error as Error & Record<string, unknown>;
  // node:sqlite's code and errcode say whether the disk refused (store-failure.ts).
  return { error: { name, message, stack, code, errcode } };
}

/** The error again, of its kind, for the error path that answers it. */
function errorOf(failure: Failure): Error {
  if ('domain' in failure) {
    const { code, message, data } = failure.domain;
    return new DomainError(code, message, data);
  }
  if ('store' in failure) return new StoreFailure(failure.store.kind, failure.store.message);
  return Object.assign(new Error(failure.error.message), failure.error);
}

/**
 * The thread's script: beside this file in the sources, or in the build's main folder (this
 * code may sit in a chunk one folder down).
 */
function workerFile(): string {
  const candidates = ['./import-worker.ts', './import-worker.js', '../import-worker.js'];
  for (const candidate of candidates) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the import thread is not built (import-worker.js)');
}

type ImportAside = {
  /** What the thread read. */
  read: Promise<ReadFacts>;
  /**
   * Writes (a preview: tries and rolls back) what the thread read, with revisions past
   * `given`, and ends the thread. Run inside `changes.writeAside` (change-log.repo.ts); its
   * `signal` aborted (the server stops) rolls the write back unless it reached its commit.
   */
  write(given: number, signal: AbortSignal): Promise<ImportSummary>;
  /** Ends the thread, whatever it is doing: an open write is rolled back. */
  stop(): void;
};

/** Whether the server asked the import's write to stop (in the thread, between records). */
export function stopAsked(stop: Int32Array): boolean {
  return Atomics.load(stop, 0) === 1;
}

export function importAside(input: Omit<AsideInput, 'stop'>): ImportAside {
  const { actor, language, now, settings } = input.context;
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(workerFile(), {
    name: IMPORT_THREAD,
    workerData: {
      ...input,
      context: { actor, language, now, settings },
      stop,
    } satisfies AsideInput,
  });
  // The thread's messages in order, and how it ended if it did before saying what it should.
  const inbox: FromThread[] = [];
  let ended: Error | undefined;
  let wake: (() => void) | undefined;
  worker.on('message', (message: FromThread) => {
    inbox.push(message);
    wake?.();
  });
  worker.on('error', (error: Error) => {
    ended ??= error;
    wake?.();
  });
  worker.on('exit', (code) => {
    ended ??= new Error(`the import's thread stopped (exit code ${code})`);
    wake?.();
  });
  const next = async (): Promise<FromThread> => {
    for (;;) {
      const message = inbox.shift();
      if (message) return message;
      if (ended) throw ended;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  };

  const read = next().then((message) => {
    if ('read' in message) return message.read;
    throw new Error('the import thread answered out of turn');
  });

  return {
    read,
    async write(given, signal) {
      // The thread answers either way: rolled back (marquee_stopping) or, past its last check,
      // committed and done.
      const askStop = () => Atomics.store(stop, 0, 1);
      if (signal.aborted) askStop();
      signal.addEventListener('abort', askStop, { once: true });
      try {
        worker.postMessage({ write: { given } } satisfies ToThread);
        const message = await next();
        if ('done' in message) return message.done;
        if ('failed' in message) throw errorOf(message.failed);
        throw new Error('the import thread answered out of turn');
      } finally {
        signal.removeEventListener('abort', askStop);
      }
    },
    stop() {
      void worker.terminate();
    },
  };
}
