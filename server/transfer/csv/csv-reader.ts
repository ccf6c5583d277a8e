/**
 * Reads a CSV file of events, venues or organizers (TEC's importer columns; which kind is told
 * by the headers). Values stay strings until a column's own reader takes them; every problem is
 * placed on its line, and a file with any problem is refused whole by the caller.
 */
import { parse } from 'csv-parse/sync';
import { isLanguage, type Language } from '#shared/languages.ts';
import type { FileContents } from '../file-contents.ts';
import { columnOf, kindOfHeaders } from './csv-columns.ts';
import { eventOf, organizerOf, venueOf, type CsvReadOptions, type Row } from './csv-rows.ts';
import { CellError, unguardFormula } from './csv-values.ts';

export type CsvContents = Omit<FileContents, 'format'>;

export type { CsvReadOptions };

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
    try {
      const language = cell('language').trim().toLowerCase();
      if (language && !isLanguage(language))
        throw new CellError(`language "${language}" is not one of Marquee's languages`);
      const row: Row = { line, cell, language: language ? (language as Language) : null };
      if (kind === 'events') contents.events.push(eventOf(row, options));
      else if (kind === 'venues') contents.venues.push(venueOf(row));
      else contents.organizers.push(organizerOf(row));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      contents.problems.push({ line, where: `line ${line}`, message: error.message });
    }
  }
  return contents;
}
