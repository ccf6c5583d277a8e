/** A calendar file once read: its records and what is wrong with it, whatever its format. */
import type { FileEvent, FileOrganizer, FileVenue } from './file-records.ts';
import type { Problem } from './problems.ts';

export type FileContents = {
  format: 'csv' | 'ics';
  kind: 'events' | 'venues' | 'organizers';
  events: FileEvent[];
  venues: FileVenue[];
  organizers: FileOrganizer[];
  unknownHeaders: string[];
  problems: Problem[];
};
