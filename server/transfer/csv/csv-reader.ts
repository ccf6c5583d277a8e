/**
 * Reads a CSV file of events, venues or organizers (TEC's importer columns; which kind is told
 * by the headers, and by the columns chosen for headers it does not know). Values stay strings
 * until a column's own reader takes them; every problem of every row is placed on its line. A
 * file with any problem is refused whole by the caller, unless it is asked to skip the rows
 * that cannot be read and the file itself is sound (`whole`: its problems are all of rows).
 */
import { parse } from 'csv-parse/sync';
import { isLanguage, type Language } from '#shared/languages.ts';
import type { Problem } from '#shared/schemas/transfer.ts';
import type { CsvKind } from '#shared/tec/csv-columns.ts';
import type { FileContents } from '../file-contents.ts';
import { ImportNotes } from '../import-notes.ts';
import { headerColumn, isColumnOf, kindOfHeaders, type CsvColumnChoices } from './csv-columns.ts';
import { eventOf, organizerOf, venueOf, type CsvReadOptions, type Row } from './csv-rows.ts';
import { unguardFormula } from './csv-values.ts';

type CsvContents = Omit<FileContents, 'format'>;

const push = <T>(records: T[], record: T | undefined) => record && records.push(record);

const KIND_WORDS: Record<CsvKind, string> = {
  events: 'event',
  venues: 'venue',
  organizers: 'organizer',
};

/** What is wrong with the columns chosen for headers: one the file lacks, one of another kind. */
function choiceProblems(
  kind: CsvKind,
  headers: readonly string[],
  choices: CsvColumnChoices,
): Problem[] {
  const named = new Set(headers.map((header) => header.trim()));
  return Object.entries(choices).flatMap(([header, key]): Problem[] => {
    if (!named.has(header.trim()))
      return [
        { line: 1, where: 'headers', message: `columns: the file has no column "${header}"` },
      ];
    if (key && !isColumnOf(kind, key))
      return [
        {
          line: 1,
          where: 'headers',
          message: `columns: "${header}" is chosen as ${key}, which is not a column of ${KIND_WORDS[kind]} files`,
        },
      ];
    return [];
  });
}

export function readCsv(text: string, options: CsvReadOptions): CsvContents {
  // A file that cannot be parsed, or whose headers name no kind, has no row to skip past.
  const empty = {
    events: [],
    venues: [],
    organizers: [],
    unknownHeaders: [],
    headers: [],
    whole: false,
  };
  const choices = options.columns ?? {};
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    return { kind: 'events', ...empty, problems: [{ line: lines, where: 'file', message }] };
  }
  const [head, ...body] = rows;
  const headers = head?.record ?? [];
  const kind = kindOfHeaders(headers, choices);
  if (!kind)
    return {
      kind: 'events',
      ...empty,
      // Every header, so that the one importing can say which is which (as TEC's importer asks).
      unknownHeaders: headers,
      headers: headers.map((header) => ({
        header,
        key: null,
        chosen: Object.hasOwn(choices, header.trim()),
      })),
      problems: [
        {
          line: 1,
          where: 'headers',
          message:
            'no column of TEC’s importer (event_name, venue_name, organizer_name…) in the first line',
        },
        ...choiceProblems('events', headers, choices),
      ],
    };
  const keys = headers.map((header) => headerColumn(kind, header, choices));
  // Where each known column is (a column named twice: the last one), worked out once.
  const columnAt = new Map<string, number>();
  keys.forEach((key, index) => key && columnAt.set(key, index));
  const notes = new ImportNotes();
  const problems = choiceProblems(kind, headers, choices);
  const contents: CsvContents = {
    kind,
    ...empty,
    unknownHeaders: headers.filter((_, index) => keys[index] === undefined),
    headers: headers.map((header, index) => ({
      header,
      key: keys[index] ?? null,
      chosen: Object.hasOwn(choices, header.trim()),
    })),
    problems,
  };
  // A problem of the headers is the file's: no row can be skipped past it.
  const headersSound = problems.length === 0;
  let broken = 0;
  let previousEnd = head?.info.lines ?? 1;
  for (const { record, info } of body) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    const cell = (key: string) => {
      const index = columnAt.get(key);
      return index === undefined ? '' : unguardFormula(record[index] ?? '');
    };
    const language = cell('language').trim().toLowerCase();
    const known = !language || isLanguage(language);
    const row: Row = {
      line,
      cell,
      language: language && known ? (language as Language) : null,
      problems: known ? [] : [`language "${language}" is not one of Marquee's languages`],
      notes,
    };
    // Every row is read, whatever is wrong before it: each bad row is named with its line.
    if (kind === 'events') push(contents.events, eventOf(row, options));
    else if (kind === 'venues') push(contents.venues, venueOf(row));
    else push(contents.organizers, organizerOf(row));
    if (row.problems.length > 0) broken += 1;
    for (const message of row.problems)
      contents.problems.push({ line, where: `line ${line}`, message });
  }
  return { ...contents, notes: notes.list, whole: headersSound, broken };
}
