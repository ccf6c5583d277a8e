/**
 * Calendar files (ICS and CSV) in and out. Export streams the events a list query selects (the
 * same filters as GET /events), or all venues / organizers as CSV. Import reads the whole file
 * first and then writes it all or nothing (import/import-file.ts), a large file in a worker
 * thread of its own (import/import-aside.ts).
 */
import { readFileSync } from 'node:fs';
import { eventListQuerySchema } from '#shared/schemas/event.ts';
import type { Language } from '#shared/languages.ts';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import { whenWritable } from '../store/write-aside.ts';
import { invalidParams } from '../domain/errors.ts';
import type { WireContext } from '../http/wire-context.ts';
import { validateParams } from '../domain/validate.ts';
import type { CsvKind } from '#shared/tec/csv-columns.ts';
import type { CsvColumnChoices } from './csv/csv-columns.ts';
import { eventsCsv, organizersCsv, venuesCsv } from './csv/csv-writer.ts';
import { exportPages, pagesOf } from './export-records.ts';
import { icsChunks } from './ics-export.ts';
import { icsSelection } from './ics-series.ts';
import type { FileContents } from './file-contents.ts';
import { createIcalRepo } from '../store/ical.repo.ts';
import { importAside, IMPORT_ASIDE_BYTES, factsOf, type ReadFacts } from './import/import-aside.ts';
import { importContents, MAX_IMPORT_RECORDS, type ImportDeps } from './import/import-file.ts';
import { readFile, type FileFormat } from './read-file.ts';
import { recordRepos } from './record-repos.ts';

type CalendarFilesDeps = Omit<ImportDeps, 'repos' | 'ical'> & {
  version: string;
  /**
   * Runs an import's write, told how many events it brings (a large one is snapshotted first,
   * and that snapshot deleted when the write fails).
   */
  beforeImport?: (<T>(events: number, write: () => Promise<T>) => Promise<T>) | undefined;
};

type ExportOptions = {
  format: FileFormat;
  kind: CsvKind;
  language: Language;
  spreadsheetSafe: boolean;
  /** GET /events parameters: which events. */
  query: Record<string, unknown>;
};

/** A file received to disk (http/file-upload.ts): its path, and its size in bytes. */
type StoredFile = { path: string; size: number };

/** How a file is imported: tried only, in which language, what to do with broken rows. */
type ImportOptions = {
  dryRun: boolean;
  language?: Language | undefined;
  skipBroken?: boolean | undefined;
  /** CSV: the columns chosen for headers (header → key, "" to leave one out). */
  columns?: CsvColumnChoices | undefined;
};

type ExportedFile = { name: string; contentType: string; chunks: Generator<string> };

/** The calendar's files: CSV and ICS read, imported, exported, and the subscription feed. */
export type CalendarFiles = {
  read: (
    format: FileFormat,
    file: Uint8Array,
    context: WireContext,
    columns?: CsvColumnChoices,
  ) => FileContents;
  /** Reads, checks and writes a file: a large one in a worker thread, a small one here. */
  import(
    format: FileFormat,
    file: Uint8Array | string | StoredFile,
    context: WireContext,
    options: ImportOptions,
  ): Promise<ImportSummary>;
  /** The subscription feed: what GET /events with the same query lists, as one ICS text. */
  feed(query: Record<string, unknown>, language: Language, context: WireContext): string;
  export(options: ExportOptions, context: WireContext): ExportedFile;
};

export function createCalendarFiles(deps: CalendarFilesDeps): CalendarFiles {
  const repos = recordRepos(deps.db);
  const ical = createIcalRepo(deps.db);

  /** A file's contents, read on this thread (read-file.ts). */
  function read(
    format: FileFormat,
    file: Uint8Array,
    context: WireContext,
    columns?: CsvColumnChoices,
  ): FileContents {
    return readFile(format, file, {
      defaultZone: context.settings.timezone,
      now: context.now,
      columns,
    });
  }

  /**
   * Runs an import's write: only a file that was read without problems (or whose broken
   * records are skipped) and is within the limit gets as far as writing, and a large one is
   * snapshotted first (beforeImport): a preview, or a file refused before its write, never is.
   */
  function written(
    facts: ReadFacts,
    options: { dryRun: boolean; skipBroken?: boolean | undefined },
    write: () => Promise<ImportSummary>,
  ): Promise<ImportSummary> {
    const skipped = options.skipBroken === true && facts.whole;
    const writes =
      !options.dryRun && (facts.problems === 0 || skipped) && facts.records <= MAX_IMPORT_RECORDS;
    if (!writes || !deps.beforeImport) return write();
    return deps.beforeImport(facts.events, write);
  }

  return {
    read,

    /**
     * Reads, checks and writes a file. A large one is read and written in a worker thread
     * (import/import-aside.ts) while this thread answers other requests; a small one here,
     * once no write aside holds the database.
     */
    async import(
      format: FileFormat,
      file: Uint8Array | string | StoredFile,
      context: WireContext,
      options: ImportOptions,
    ): Promise<ImportSummary> {
      const stored = typeof file === 'object' && !(file instanceof Uint8Array) ? file : undefined;
      const inPlace = (contents: FileContents) =>
        written(factsOf(contents), options, async () =>
          whenWritable(deps.changes, () =>
            importContents({ ...deps, repos, ical }, contents, context, options),
          ),
        );
      const bytesOf = (given: Uint8Array | string) =>
        typeof given === 'string' ? new TextEncoder().encode(given) : given;
      const bytes = stored ? undefined : bytesOf(file as Uint8Array | string);
      const size = stored?.size ?? bytes?.length ?? 0;
      if (size < IMPORT_ASIDE_BYTES)
        return inPlace(
          read(format, bytes ?? readFileSync(stored?.path ?? ''), context, options.columns),
        );
      // A file on disk is read by the thread itself: this one never holds it.
      const source = stored ? { path: stored.path } : { bytes: bytes ?? new Uint8Array() };
      const aside = importAside({ file: deps.db.file, format, source, context, options });
      try {
        const facts = await aside.read;
        return await written(facts, options, () =>
          deps.changes.writeAside((given, signal) => aside.write(given, signal)),
        );
      } finally {
        aside.stop();
      }
    },

    /**
     * The subscription feed: what GET /events with the same query lists (published events from
     * today on, unless the query says otherwise), as one ICS text so it can carry an ETag.
     */
    feed(query: Record<string, unknown>, language: Language, context: WireContext): string {
      const listed = deps.events.selectAll(validateParams(eventListQuerySchema, query), context);
      const selection = icsSelection(listed, repos.events, ical);
      const { ids } = selection;
      const chunks = icsChunks(
        exportPages(ids, repos, ical),
        selection,
        repos.events.timeZonesOf(ids),
        context,
        {
          language,
          name: context.settings.name,
          version: deps.version,
        },
      );
      return [...chunks].join('');
    },

    export(options: ExportOptions, context: WireContext): ExportedFile {
      const date = context.now.toISOString().slice(0, 10);
      const csv = {
        language: options.language,
        defaultLanguage: context.settings.defaultLanguage,
        spreadsheetSafe: options.spreadsheetSafe,
      };
      const contentType = 'text/csv; charset=utf-8';
      // ICS has no venue or organizer records: asking for them is a mistake, not a CSV.
      if (options.kind !== 'events' && options.format !== 'csv')
        throw invalidParams({
          kind: `kind: ${options.kind} are exported as CSV only (format=csv)`,
        });
      if (options.kind === 'venues')
        return {
          name: `venues-${date}.csv`,
          contentType,
          chunks: venuesCsv(pagesOf(repos.posts.untrashedIds('venue'), repos.venues.getMany), csv),
        };
      if (options.kind === 'organizers')
        return {
          name: `organizers-${date}.csv`,
          contentType,
          chunks: organizersCsv(
            pagesOf(repos.posts.untrashedIds('organizer'), repos.organizers.getMany),
            csv,
          ),
        };
      // A whole calendar unless dates are given (GET /events alone starts today).
      const query = validateParams(eventListQuerySchema, {
        start_date: '1900-01-01 00:00:00',
        end_date: '2199-12-31 23:59:59',
        ...options.query,
      });
      const listed = deps.events.selectAll(query, context);
      // CSV writes occurrences, as TEC's importer expects; ICS writes series and exceptions.
      if (options.format === 'csv')
        return {
          name: `events-${date}.csv`,
          contentType,
          chunks: eventsCsv(exportPages(listed, repos, ical), csv),
        };
      const selection = icsSelection(listed, repos.events, ical);
      const { ids } = selection;
      return {
        name: `events-${date}.ics`,
        contentType: 'text/calendar; charset=utf-8',
        chunks: icsChunks(
          exportPages(ids, repos, ical),
          selection,
          repos.events.timeZonesOf(ids),
          context,
          {
            language: options.language,
            name: context.settings.name,
            version: deps.version,
          },
        ),
      };
    },
  };
}
