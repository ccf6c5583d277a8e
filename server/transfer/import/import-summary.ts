/** What an import did, or would do: counts per kind, the first rows with their fate, problems. */
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { Database } from '../../store/database.ts';
import type { FileContents } from '../file-contents.ts';
import type {
  CreatedNames,
  ImportNote,
  ImportRow,
  ImportSummary,
  Problem,
} from '#shared/schemas/transfer.ts';

type Counts = Record<'events' | 'venues' | 'organizers' | 'categories' | 'tags', number>;

const PREVIEW_ROWS = 200;

/** Names of created records kept per kind: a 100k-row file's answer stays small. */
const NAMES_SHOWN = 50;

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

/**
 * The highest post and term ids before a write. Both tables are AUTOINCREMENT, which never
 * gives an id twice, so what the write creates is what has a higher id, whichever door or
 * rule created it (a row's venue, an event's inline organizer, a term named by a path).
 */
type LastIds = { post: number; term: number };

export function lastIds(db: Database): LastIds {
  return db
    .prepare(
      `SELECT (SELECT COALESCE(MAX(id), 0) FROM posts) AS post,
              (SELECT COALESCE(MAX(id), 0) FROM terms) AS term`,
    )
    .get() as LastIds;
}

const NAMES_SQL = {
  post: `SELECT t.post_id AS id, t.language, t.title AS name FROM post_texts t
         WHERE t.post_id IN (SELECT id FROM posts WHERE kind = ? AND id > ? ORDER BY id LIMIT ?)`,
  term: `SELECT x.term_id AS id, x.language, x.name FROM term_texts x
         WHERE x.term_id IN (SELECT id FROM terms WHERE taxonomy = ? AND id > ? ORDER BY id LIMIT ?)`,
};

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
    const rows = db.prepare(NAMES_SQL[table]).all(kind, since[table], NAMES_SHOWN) as {
      id: number;
      language: Language;
      name: string;
    }[];
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
  written: { before: Counts; after: Counts; names: CreatedNames } | undefined,
  rows: ImportRow[],
  problems: Problem[],
  notes: ImportNote[] = contents.notes ?? [],
  /** The records a skipping import would leave out, when that would let it go through. */
  broken?: number,
): ImportSummary {
  const added = (kind: keyof Counts) => (written ? written.after[kind] - written.before[kind] : 0);
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
