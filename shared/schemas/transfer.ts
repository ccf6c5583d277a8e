/**
 * What the import API answers: for calendar files (CSV, ICS) what the import did or would do,
 * for a backup (JSON) what it restored or would restore. The server builds these; the editor's
 * import dialog reads them with the same schemas.
 */
import { z } from 'zod';

export const problemSchema = z.object({
  line: z.int().optional(),
  where: z.string(),
  message: z.string(),
});

/**
 * What an import did that the file did not say outright, or what it left out: a title it gave,
 * a zone it could not know, to-dos it ignored, occurrences of a long series it did not make,
 * broken events it skipped. `key` and `params` are for the editor's words (files.note.<key>),
 * `message` the same in English for other clients.
 */
export const importNoteSchema = z.object({
  line: z.int().optional(),
  where: z.string(),
  key: z.enum([
    'untitled',
    'ignoredComponents',
    'zoneGuessed',
    'zoneOffset',
    'olderOccurrences',
    'begunLater',
    'occurrencesCut',
    'skipped',
    'imageId',
    'valueType',
    'ruleSpaces',
    'endMoved',
    'urlKept',
    'extraOccurrence',
    'skippedLine',
    'skippedComponent',
    'moreNotes',
  ]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});

export const importRowSchema = z.object({
  line: z.int(),
  title: z.string(),
  /** Wall time in `timezone`; an all-day event's starts at 00:00:00. */
  start: z.string(),
  /** Wall time in `timezone` too; an all-day event's ends at 23:59:59 of its last day. */
  end: z.string(),
  timezone: z.string(),
  allDay: z.boolean(),
  action: z.enum(['new', 'updated', 'unchanged']),
  /** A series (a recurring event): the row stands for all its occurrences. */
  repeats: z.boolean().optional(),
  /**
   * The file's venue has the name of one the calendar has at another address: the event is
   * linked to a venue of its own named `to`, with the file's address (made if need be).
   */
  venueRenamed: z.object({ from: z.string(), to: z.string() }).optional(),
  /** The events this one double-books its venue with (their local times and titles). */
  clashes: z
    .array(z.object({ id: z.int(), title: z.string(), start: z.string(), end: z.string() }))
    .optional(),
});

/**
 * A header of a CSV file and the column (TEC's importer key) it is read as: by its name, or
 * `chosen` with the import's `columns`; null: its cells are not imported.
 */
const csvHeaderSchema = z.object({
  header: z.string(),
  key: z.string().nullable(),
  chosen: z.boolean(),
});

const linkedCounts = z.object({
  venues: z.int(),
  organizers: z.int(),
  categories: z.int(),
  tags: z.int(),
});

/**
 * The names of the first records of each linked kind an import creates (the server keeps at
 * most a few dozen per kind; `created` / `counts` say how many there are in all), in the
 * import's language where they have one.
 */
const createdNamesSchema = z.object({
  venues: z.array(z.string()),
  organizers: z.array(z.string()),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
});

export const importSummarySchema = z.object({
  format: z.enum(['csv', 'ics']),
  kind: z.enum(['events', 'venues', 'organizers']),
  dryRun: z.boolean(),
  events: z.object({ new: z.int(), updated: z.int(), unchanged: z.int() }),
  /** Records of each linked kind the import adds (venues and organizers match by name). */
  created: linkedCounts,
  createdNames: createdNamesSchema,
  /** The first rows, for a preview. */
  rows: z.array(importRowSchema),
  rowCount: z.int(),
  unknownHeaders: z.array(z.string()),
  /** A CSV file's headers in order, each with its column (csvHeaderSchema); [] for ICS. */
  headers: z.array(csvHeaderSchema).default([]),
  problems: z.array(problemSchema),
  /**
   * The problems are those of this many records of a file otherwise sound, and nothing else
   * is wrong: an import with `skipBroken` writes the other `rowCount` records without them.
   * Absent when there is nothing to skip, or skipping would not be enough.
   */
  broken: z.int().optional(),
  /** Said of the file without refusing it (importNoteSchema); [] from servers before them. */
  notes: z.array(importNoteSchema).default([]),
});

const restoreSummarySchema = z.object({
  format: z.literal('json'),
  dryRun: z.boolean(),
  counts: linkedCounts.extend({ users: z.int(), events: z.int() }),
  createdNames: createdNamesSchema,
});

export const importAnswerSchema = z.union([importSummarySchema, restoreSummarySchema]);

export type Problem = z.infer<typeof problemSchema>;
export type ImportRow = z.infer<typeof importRowSchema>;
export type ImportNote = z.infer<typeof importNoteSchema>;
export type CsvHeader = z.infer<typeof csvHeaderSchema>;
export type ImportSummary = z.infer<typeof importSummarySchema>;
export type CreatedNames = z.infer<typeof createdNamesSchema>;
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
