/**
 * Reads a CSV file of events, venues or organizers (TEC's importer columns; which kind is told
 * by the headers). Values stay strings until a column's own reader takes them; every problem of
 * every row is placed on its line, and a file with any problem is refused whole by the caller.
 */
import { parse } from 'csv-parse/sync';
import { isLanguage, type Language } from '#shared/languages.ts';
import type { FileContents } from '../file-contents.ts';
import { columnOf, kindOfHeaders } from './csv-columns.ts';
import { eventOf, organizerOf, venueOf, type CsvReadOptions, type Row } from './csv-rows.ts';
import { unguardFormula } from './csv-values.ts';

type CsvContents = Omit<FileContents, 'format'>;

const push = <T>(records: T[], record: T | undefined) => record && records.push(record);

export function readCsv(text: string, options: CsvReadOptions): CsvContents {
  const empty = { events: [], venues: [], organizers: [], unknownHeaders: [] };
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
  const kind = kindOfHeaders(headers);
  if (!kind)
    return {
      kind: 'events',
      ...empty,
      problems: [
        {
          line: 1,
          where: 'headers',
          message:
            'no column of TEC’s importer (event_name, venue_name, organizer_name…) in the first line',
        },
      ],
    };
  const keys = headers.map((header) => columnOf(kind, header));
  // Where each known column is (a column named twice: the last one), worked out once.
  const columnAt = new Map<string, number>();
  keys.forEach((key, index) => key && columnAt.set(key, index));
  const contents: CsvContents = {
    kind,
    ...empty,
    unknownHeaders: headers.filter((_, index) => keys[index] === undefined),
    problems: [],
  };
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
    };
    // Every row is read, whatever is wrong before it: each bad row is named with its line.
    if (kind === 'events') push(contents.events, eventOf(row, options));
    else if (kind === 'venues') push(contents.venues, venueOf(row));
    else push(contents.organizers, organizerOf(row));
    for (const message of row.problems)
      contents.problems.push({ line, where: `line ${line}`, message });
  }
  return contents;
}
