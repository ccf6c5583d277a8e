/** A calendar file once read: its records and what is wrong with it, whatever its format. */
import type { CsvKind } from '#shared/tec/csv-columns.ts';
import type { FileEvent, FileOrganizer, FileVenue } from './file-records.ts';
import type { CsvHeader, ImportNote, Problem } from '#shared/schemas/transfer.ts';

export type FileContents = {
  format: 'csv' | 'ics';
  kind: CsvKind;
  events: FileEvent[];
  venues: FileVenue[];
  organizers: FileOrganizer[];
  /** Headers no column matched (CSV): shown in the preview, their cells are not imported. */
  unknownHeaders: string[];
  /** Every header of a CSV file, in order, with the column it is read as (csvHeaderSchema). */
  headers: CsvHeader[];
  /** The first problems in file order (a reader keeps a bounded number)… */
  problems: Problem[];
  /** …and how many more it found (problems.ts ProblemList). */
  moreProblems?: number;
  /** What the reader says of the file without refusing it (importNoteSchema). */
  notes?: ImportNote[];
  /**
   * The problems are all of single records that were left out (an ICS file whose structure is
   * sound, a CSV file whose headers are): an import asked to skip them may go on without them.
   */
  whole?: boolean;
  /** How many records the reader could not read (each named in `problems`). */
  broken?: number;
};
