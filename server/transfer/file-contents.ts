/** A calendar file once read: its records and what is wrong with it, whatever its format. */
import type { CsvKind } from './csv/csv-columns.ts';
import type { FileEvent, FileOrganizer, FileVenue } from './file-records.ts';
import type { ImportNote, Problem } from '#shared/schemas/transfer.ts';

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
  /** What the reader says of the file without refusing it (importNoteSchema). */
  notes?: ImportNote[];
  /**
   * The problems are all of single records that were left out of `events` (an ICS file whose
   * structure is sound): an import asked to skip them may go on without them.
   */
  whole?: boolean;
};
