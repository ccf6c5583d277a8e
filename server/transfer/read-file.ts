/**
 * A calendar file's contents, read on the calling thread: ICS from its bytes (a fold inside a
 * character is mended there), CSV as text. A large file is read in its import's worker thread
 * (import/import-aside.ts), a small one in place.
 */
import type { CsvColumnChoices } from './csv/csv-columns.ts';
import { readCsv } from './csv/csv-reader.ts';
import type { FileContents } from './file-contents.ts';
import { readIcs } from './ics/ics-reader.ts';

export type FileFormat = 'csv' | 'ics';

export function readFile(
  format: FileFormat,
  bytes: Uint8Array,
  options: { defaultZone: string; now: Date; columns?: CsvColumnChoices | undefined },
): FileContents {
  if (format === 'ics')
    return {
      format,
      kind: 'events',
      venues: [],
      organizers: [],
      unknownHeaders: [],
      headers: [],
      ...readIcs(bytes, options),
    };
  const csv = readCsv(new TextDecoder().decode(bytes), options);
  return { format, ...csv };
}
