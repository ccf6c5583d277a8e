/**
 * `marquee import FILE [--format ics|csv|json] [--dry-run] [--language L] [--skip-broken]
 * [--column "HEADER=key"…]` and
 * `marquee export --format ics|csv|json [--kind events|venues|organizers]
 * [--no-spreadsheet-safe] [--language L] [--FILTER value…] [-o FILE]`. Both act as the calendar's owner. Export reads,
 * and an import's --dry-run writes nothing (its transaction is rolled back), so both run beside
 * a server; a real import writes, so it needs the calendar to itself, and with a server running
 * it says how to import through that server instead. A JSON file is a backup.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { placeOf } from '../transfer/problems.ts';
import { LANGUAGES, languageSchema, type Language } from '#shared/languages.ts';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import { ALL_CSV_COLUMNS } from '#shared/tec/csv-columns.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { defaultDataDir } from './data-dir.ts';
import { finishSearchIndex, openOwnerCalendar } from './owner-calendar.ts';
import { DataDirInUseError } from '../store/data-dir-lock.ts';
import { reportFailure, reportProblems } from './problem-report.ts';
import { CommandError, UsageError } from './usage.ts';
import { writeChunks } from './write-file.ts';

const FORMATS = ['ics', 'csv', 'json'] as const;

function formatOf(value: string | undefined, file?: string): (typeof FORMATS)[number] {
  const chosen =
    value ?? (file ? extname(file).slice(1).toLowerCase().replace('ical', 'ics') : 'ics');
  if (!(FORMATS as readonly string[]).includes(chosen))
    throw new UsageError(
      `--format must be ics, csv or json${file ? ` (or a file ending so)` : ''}`,
    );
  return chosen as (typeof FORMATS)[number];
}

function languageOf(value: string | undefined): Language | undefined {
  if (value === undefined) return undefined;
  const parsed = languageSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--language must be one of ${LANGUAGES.join(', ')}`);
  return parsed.data;
}

function describe(summary: ImportSummary): string {
  const verb = summary.dryRun ? 'Would import' : 'Imported';
  const { events, created } = summary;
  const counts = `${verb} ${summary.rowCount} ${summary.kind} from ${summary.format.toUpperCase()}: ${events.new} new, ${events.updated} updated, ${events.unchanged} unchanged events; new ${created.venues} venues, ${created.organizers} organizers, ${created.categories} categories, ${created.tags} tags.`;
  // What it creates by name, so a name split wrong ("Woodhouse" and "Chelsea S.") shows.
  const named = (['venues', 'organizers', 'categories', 'tags'] as const).flatMap((kind) => {
    const names = summary.createdNames[kind];
    if (names.length === 0) return [];
    const more = created[kind] - names.length;
    return [`  new ${kind}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`];
  });
  // What a CSV file's headers did not say, and what --column can say instead.
  const left =
    summary.unknownHeaders.length > 0
      ? [
          `  columns left out: ${summary.unknownHeaders.join(', ')} (--column "HEADER=key" reads one as a column)`,
        ]
      : [];
  return [counts, ...named, ...left].join('\n');
}

/**
 * `--column "HEADER=key"`, repeated: the column each named header of a CSV file holds (TEC's
 * importer keys; `HEADER=` leaves it out), as the API's `columns`.
 */
function columnsOf(values: string[] | undefined): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const keys: readonly string[] = ALL_CSV_COLUMNS;
  return Object.fromEntries(
    values.map((value) => {
      const at = value.lastIndexOf('=');
      const header = value.slice(0, at).trim();
      const key = value.slice(at + 1).trim();
      if (at < 1 || !header) throw new UsageError(`--column takes "HEADER=key" (got "${value}")`);
      if (key !== '' && !keys.includes(key))
        throw new UsageError(
          `--column "${value}": ${key} is not a column; one of ${ALL_CSV_COLUMNS.join(', ')}, or nothing after = to leave the header out`,
        );
      return [header, key];
    }),
  );
}

/** The calendar to import into: held for a real import alone; a dry run shares it. */
function openForImport(dataDir: string, dryRun: boolean, language: Language | undefined) {
  try {
    return openOwnerCalendar(dataDir, { lock: !dryRun, language });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const { holder } = error;
    const api = holder
      ? `POST ${holder.url}/wp-json/marquee/v1/import?format=… with the file as the body (a token of an editor or above)`
      : 'the server’s API (POST marquee/v1/import)';
    throw new CommandError(
      `The calendar in ${error.dataDir} is in use${error.heldBy}. Import through it: in the editor (Import), or with ${api}. --dry-run previews here without writing; or stop the server and run this again.`,
    );
  }
}

export async function importCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'skip-broken': { type: 'boolean' },
      column: { type: 'string', multiple: true },
      language: { type: 'string' },
      data: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [file] = positionals;
  if (!file) throw new UsageError('import needs the file to import');
  const format = formatOf(values.format, file);
  if (format === 'json') {
    restoreCommand([
      file,
      ...(values['dry-run'] ? ['--dry-run'] : []),
      ...(values.data ? ['--data', values.data] : []),
    ]);
    return;
  }
  const columns = columnsOf(values.column);
  if (columns && format !== 'csv') throw new UsageError('--column is for CSV files');
  const bytes = readFileSync(file);
  const dryRun = values['dry-run'] ?? false;
  const language = languageOf(values.language);
  const { store, context, files } = openForImport(
    values.data ?? defaultDataDir(),
    dryRun,
    language,
  );
  try {
    const skipBroken = values['skip-broken'] ?? false;
    const summary = await files.import(format, bytes, context, {
      dryRun,
      language,
      skipBroken,
      columns,
    });
    if (summary.problems.length > 0)
      reportProblems(
        summary.problems,
        summary.broken
          ? `The file cannot be imported as it is; nothing was changed. --skip-broken imports its ${summary.rowCount} good records without the ${summary.broken} named here.`
          : undefined,
      );
    console.log(describe(summary));
    // What the import read without the file saying it, or left out (a zone, a title, to-dos).
    for (const note of summary.notes) console.log(`  ${placeOf(note)}: ${note.message}`);
    if (!dryRun) finishSearchIndex(store);
  } catch (error) {
    reportFailure(error);
  } finally {
    store.close();
  }
}

const EXPORT_OPTIONS = [
  'format',
  'kind',
  'language',
  'output',
  'data',
  'spreadsheet-safe',
  'no-spreadsheet-safe',
];

/** `--categories jazz` as `--categories=jazz`: parseArgs cannot know the filters take values. */
function joinFilterValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const next = argv[index + 1];
    const name = arg.slice(2);
    const isFilter = arg.startsWith('--') && !arg.includes('=') && !EXPORT_OPTIONS.includes(name);
    if (isFilter && next !== undefined && !next.startsWith('-')) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
}

export async function exportCommand(argv: string[]): Promise<void> {
  const { values, tokens } = parseArgs({
    args: joinFilterValues(argv),
    options: {
      format: { type: 'string' },
      kind: { type: 'string' },
      language: { type: 'string' },
      output: { type: 'string', short: 'o' },
      data: { type: 'string' },
      'spreadsheet-safe': { type: 'boolean' },
    },
    strict: false,
    allowNegative: true,
    tokens: true,
  });
  const kind = typeof values.kind === 'string' ? values.kind : 'events';
  if (kind !== 'events' && kind !== 'venues' && kind !== 'organizers')
    throw new UsageError('--kind must be events, venues or organizers');
  const output = typeof values.output === 'string' ? values.output : undefined;
  // Venues and organizers exist only as CSV: without a format or a file to name one, CSV.
  const format = formatOf(
    typeof values.format === 'string'
      ? values.format
      : output || kind === 'events'
        ? undefined
        : 'csv',
    output,
  );
  const data = typeof values.data === 'string' ? values.data : defaultDataDir();
  if (format === 'json') {
    await backupCommand([...(output ? ['-o', output] : []), '--data', data]);
    return;
  }
  // Any other --name value is a GET /events filter (--categories jazz --start_date 2027-01-01).
  const query = Object.fromEntries(
    tokens.flatMap((token) =>
      token.kind === 'option' && !EXPORT_OPTIONS.includes(token.name) && token.value !== undefined
        ? [[token.name.replaceAll('-', '_'), token.value]]
        : [],
    ),
  );
  const language = languageOf(typeof values.language === 'string' ? values.language : undefined);
  const { store, context, files } = openOwnerCalendar(data, { lock: false, language });
  try {
    const file = files.export(
      {
        format,
        kind,
        language: context.language,
        // A CSV file is made to be opened: safe unless the user says --no-spreadsheet-safe.
        spreadsheetSafe: values['spreadsheet-safe'] !== false,
        query,
      },
      context,
    );
    const target = output ?? '-';
    await writeChunks(file.chunks, target);
    if (target !== '-') console.error(`Exported to ${target}`);
  } finally {
    store.close();
  }
}
