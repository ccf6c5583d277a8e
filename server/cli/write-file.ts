/** Where the command line writes an exported file: `-` is standard output, anything else a path. */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export async function writeChunks(chunks: Iterable<string>, target: string): Promise<void> {
  await pipeline(
    Readable.from(chunks),
    target === '-' ? process.stdout : createWriteStream(target),
  );
}
