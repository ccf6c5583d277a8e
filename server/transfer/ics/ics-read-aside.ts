/**
 * A large ICS file is read in a worker thread, so the server's own thread answers other
 * requests while ical.js parses (about 0.1 s per megabyte here; the write that follows is the
 * services' and stays on the server's thread, in one transaction). A reading that outlives its
 * deadline is stopped and the file refused: whatever input might still make a reader spin, it
 * cannot hold the server. Small files are read in place: a thread costs more than they do.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readIcs, type IcsContents, type IcsReadOptions } from './ics-reader.ts';

/** From this size on a file is read aside (about 0.1 s of reading). */
export const READ_ASIDE_BYTES = 1_000_000;

/** The reading thread's name (it shows in debuggers, and tests know it by it). */
export const READER_THREAD = 'marquee-ics-reader';

/** Ten times what reading takes here, and a start-up allowance for the thread. */
const deadlineMs = (bytes: number) => 5000 + Math.ceil(bytes / 1_000_000) * 1000;

/**
 * The worker's script: beside this file in the sources, or in the build's main folder (this
 * code may sit in a chunk one folder down).
 */
function workerFile(): string {
  const candidates = ['./ics-read-worker.ts', './ics-read-worker.js', '../ics-read-worker.js'];
  for (const candidate of candidates) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the ICS reader thread is not built (ics-read-worker.js)');
}

export function readIcsAside(
  bytes: Uint8Array,
  options: IcsReadOptions,
  deadline = deadlineMs(bytes.length),
): Promise<IcsContents> {
  if (bytes.length < READ_ASIDE_BYTES) return Promise.resolve(readIcs(bytes, options));
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(), {
      name: READER_THREAD,
      workerData: { bytes, defaultZone: options.defaultZone, now: options.now.getTime() },
    });
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      work();
    };
    const timer = setTimeout(() => {
      settle(() =>
        resolve({
          events: [],
          problems: [
            {
              where: 'file',
              message: `reading the file took longer than ${deadline / 1000} s and was stopped`,
            },
          ],
          moreProblems: 0,
          notes: [],
          whole: false,
          broken: 0,
        }),
      );
      void worker.terminate();
    }, deadline);
    worker.once('message', (contents: IcsContents) => settle(() => resolve(contents)));
    worker.once('error', (error: Error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the ICS reader thread stopped (exit code ${code})`))),
    );
  });
}
