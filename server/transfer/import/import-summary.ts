/** What an import did, or would do: counts per kind, the first rows with their fate, problems. */
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import { createdTexts, type LastIds, type RecordCounts } from '../../store/created-records.repo.ts';
import type { Database } from '../../store/database.ts';
import type { FileContents } from '../file-contents.ts';
import type {
  CreatedNames,
  ImportNote,
  ImportRow,
  ImportSummary,
  Problem,
} from '#shared/schemas/transfer.ts';

const PREVIEW_ROWS = 200;

/** Names of created records kept per kind: a 100k-row file's answer stays small. */
const NAMES_SHOWN = 50;

/**
 * The names of the first venues, organizers, categories and tags a write created (after
 * `since`), in creation order, each in `language` else the calendar's default else any.
 */
export function createdNames(
  db: Database,
  since: LastIds,
  language: Language,
  defaultLanguage: Language,
): CreatedNames {
  const namesOf = (table: 'post' | 'term', kind: string): string[] => {
    const rows = createdTexts(db, table, kind, since, NAMES_SHOWN);
    const texts = new Map<number, Multilingual>();
    for (const row of rows) texts.set(row.id, { ...texts.get(row.id), [row.language]: row.name });
    return [...texts]
      .sort(([a], [b]) => a - b)
      .map(([, name]) => pickTranslation(name, language, defaultLanguage)?.value ?? '');
  };
  return {
    venues: namesOf('post', 'venue'),
    organizers: namesOf('post', 'organizer'),
    categories: namesOf('term', 'category'),
    tags: namesOf('term', 'tag'),
  };
}

const NONE: CreatedNames = { venues: [], organizers: [], categories: [], tags: [] };

export function summaryOf(
  contents: FileContents,
  dryRun: boolean,
  written: { before: RecordCounts; after: RecordCounts; names: CreatedNames } | undefined,
  rows: ImportRow[],
  problems: Problem[],
  notes: ImportNote[] = contents.notes ?? [],
  /** The records a skipping import would leave out, when that would let it go through. */
  broken?: number,
): ImportSummary {
  const added = (kind: keyof RecordCounts) =>
    written ? written.after[kind] - written.before[kind] : 0;
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
    createdNames: written?.names ?? NONE,
    rows: rows.slice(0, PREVIEW_ROWS),
    rowCount: contents.events.length + contents.venues.length + contents.organizers.length,
    unknownHeaders: contents.unknownHeaders,
    headers: contents.headers,
    problems,
    notes,
    ...(broken ? { broken } : {}),
  };
}
