/** What an import did, or would do: counts per kind, the first rows with their fate, problems. */
import type { Database } from '../../store/database.ts';
import type { FileContents } from '../file-contents.ts';
import type { ImportNote, ImportRow, ImportSummary, Problem } from '#shared/schemas/transfer.ts';

type Counts = Record<'events' | 'venues' | 'organizers' | 'categories' | 'tags', number>;

const PREVIEW_ROWS = 200;

export function countRecords(db: Database): Counts {
  const row = db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM posts WHERE kind = 'event') AS events,
         (SELECT COUNT(*) FROM posts WHERE kind = 'venue') AS venues,
         (SELECT COUNT(*) FROM posts WHERE kind = 'organizer') AS organizers,
         (SELECT COUNT(*) FROM terms WHERE taxonomy = 'category') AS categories,
         (SELECT COUNT(*) FROM terms WHERE taxonomy = 'tag') AS tags`,
    )
    .get() as Counts;
  return row;
}

export function summaryOf(
  contents: FileContents,
  dryRun: boolean,
  counts: { before: Counts; after: Counts } | undefined,
  rows: ImportRow[],
  problems: Problem[],
  notes: ImportNote[] = contents.notes ?? [],
): ImportSummary {
  const added = (kind: keyof Counts) => (counts ? counts.after[kind] - counts.before[kind] : 0);
  const tally = (action: ImportRow['action']) => rows.filter((row) => row.action === action).length;
  return {
    format: contents.format,
    kind: contents.kind,
    dryRun,
    events: { new: tally('new'), updated: tally('updated'), unchanged: tally('unchanged') },
    created: {
      venues: added('venues'),
      organizers: added('organizers'),
      categories: added('categories'),
      tags: added('tags'),
    },
    rows: rows.slice(0, PREVIEW_ROWS),
    rowCount: contents.events.length + contents.venues.length + contents.organizers.length,
    unknownHeaders: contents.unknownHeaders,
    problems,
    notes,
  };
}
