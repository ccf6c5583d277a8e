/** A calendar file once read: its records and what is wrong with it, whatever its format. */
import type { CsvKind } from './csv/csv-columns.ts';
import type { FileEvent, FileOrganizer, FileVenue } from './file-records.ts';
import type { Problem } from '#shared/schemas/transfer.ts';

export type FileContents = {
  format: 'csv' | 'ics';
  kind: CsvKind;
  events: FileEvent[];
  venues: FileVenue[];
  organizers: FileOrganizer[];
  /** Headers no column matched (CSV): shown in the preview, their cells are not imported. */
  unknownHeaders: string[];
  /** The first problems in file order (a reader keeps a bounded number)… */
  problems: Problem[];
  /** …and how many more it found (problems.ts ProblemList). */
  moreProblems?: number;
};
