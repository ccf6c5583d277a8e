/**
 * Imports a read file (CSV or ICS) all or nothing: every record becomes its record patch and is
 * written by the same commands as the API's, inside one write, so an import obeys the API's
 * rules and lands as one revision. A record the
 * services refuse becomes a problem on its line and the whole write is rolled back. A dry run
 * does the same work and always rolls back: the preview meets every check the import will.
 * A file with problems of its own still has its readable records tried (and rolled back), so
 * that one answer names every problem: the reader's and the services'. Asked to skip broken
 * records (`skipBroken`), a file whose structure is sound (an ICS file's, a CSV file's headers)
 * goes on without the VEVENTs or rows the reader refused: each is named in the notes with its
 * line and reason, and the rest is written. A check says how many there are (`broken`) when
 * skipping them is all the import needs.
 */
import type { Language } from '#shared/languages.ts';
import { DomainError, refusalOf } from '../../domain/errors.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { EventsService } from '../../domain/events/events.service.ts';
import type {
  OrganizersService,
  VenuesService,
} from '../../domain/linked-posts/linked-posts.service.ts';
import type { TermsService } from '../../domain/terms/terms.service.ts';
import { bulkLoad } from '../../store/bulk-load.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { Database } from '../../store/database.ts';
import type { FileContents } from '../file-contents.ts';
import type { IcalRepo } from '../../store/ical.repo.ts';
import { importInvalid, listedProblems, ProblemList } from '../problems.ts';
import type { RecordRepos } from '../record-repos.ts';
import { organizerPatch, unsaid, venuePatch } from './linked-post-patch.ts';
import type { ImportNote, ImportRow, ImportSummary } from '#shared/schemas/transfer.ts';
import { countRecords, lastIds } from '../../store/created-records.repo.ts';
import { createdNames, summaryOf } from './import-summary.ts';
import { writeEvents } from './write-events.ts';
import type { EventMatcher } from './event-matcher.ts';

export type ImportDeps = {
  db: Database;
  changes: ChangeLog;
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
  repos: RecordRepos;
  ical: IcalRepo;
};

/** Beyond this a file is refused with that reason (the upload limit is in app.ts). */
export const MAX_IMPORT_RECORDS = 200_000;

class DryRun extends Error {}

/** How a row's texts are read: in its language, falling back as the calendar's exports do. */
const readingOf = (context: DomainContext) => ({
  language: context.language,
  fallback: context.settings.defaultLanguage,
});

const messageOf = (error: DomainError) => {
  const params = error.data.params as Record<string, string> | undefined;
  return params && !Array.isArray(params) ? Object.values(params).join('; ') : error.message;
};

/** The reader's problems as notes of what a skipping import leaves out. */
function skippedNotes(contents: FileContents): ImportNote[] {
  const more = contents.moreProblems ?? 0;
  return [
    ...contents.problems.map((problem): ImportNote => ({
      ...(problem.line === undefined ? {} : { line: problem.line }),
      where: problem.where,
      key: 'skipped',
      params: { reason: problem.message },
      message: `skipped: ${problem.message}`,
    })),
    ...(more > 0
      ? [
          {
            where: 'file',
            key: 'moreNotes' as const,
            params: { count: more },
            message: `${more} more skipped, not listed`,
          },
        ]
      : []),
  ];
}

export function importContents(
  deps: ImportDeps,
  contents: FileContents,
  context: DomainContext,
  /**
   * `language`: of texts in rows that do not say theirs (else the calendar's default).
   * `object`: one calendar object (a CalDAV PUT): its events are matched by UID alone, and the
   * first refusal is thrown as it is, so its code (a role's 403) reaches the caller.
   */
  options: {
    dryRun: boolean;
    language?: Language | undefined;
    skipBroken?: boolean | undefined;
    object?: { matcher: EventMatcher } | undefined;
    /** The server is stopping: the write rolls back at the next record, or before its commit. */
    stopped?: (() => boolean) | undefined;
  },
): ImportSummary {
  // The reader's problems, then the services' refusals: the first ones kept, the others counted.
  const problems = new ProblemList();
  const skipping = options.skipBroken === true && contents.whole === true;
  const notes = [...(contents.notes ?? [])];
  if (skipping) notes.push(...skippedNotes(contents));
  else for (const problem of contents.problems) problems.add(problem);
  if (!skipping) problems.addUnkept(contents.moreProblems ?? 0);
  // The reader's problems alone, all of records it left out: skipping them would be enough.
  const readerProblems = problems.count;
  const skippable = !skipping && contents.whole === true ? contents.broken : undefined;
  const listed = () => listedProblems(problems.kept, problems.more);
  const invalid = () => importInvalid(problems.kept, problems.more);
  const count = contents.events.length + contents.venues.length + contents.organizers.length;
  if (count > MAX_IMPORT_RECORDS) {
    problems.add({
      where: 'file',
      message: `the file holds ${count} records; one import takes at most ${MAX_IMPORT_RECORDS}: split it`,
    });
    if (options.dryRun) return summaryOf(contents, true, undefined, [], listed(), notes);
    throw invalid();
  }
  const rows: ImportRow[] = [];
  const fileLanguage = options.language ?? context.settings.defaultLanguage;
  const inLanguage = (language: Language | null): DomainContext => {
    return { ...context, language: language ?? fileLanguage };
  };
  const stopping = () => {
    if (options.stopped?.())
      throw new DomainError(
        'marquee_stopping',
        'The server stopped while it imported the file: nothing of the file was kept.',
      );
  };
  const attempt = (line: number, work: () => void) => {
    stopping();
    try {
      work();
    } catch (error) {
      // Every refusal is counted, the first ones kept: the answer says how many there are.
      const refusal = refusalOf(error);
      if (!refusal || options.object) throw error;
      problems.add({ line, where: `line ${line}`, message: messageOf(refusal) });
    }
  };
  let summary: ImportSummary | undefined;
  try {
    // Alone, not grouped with other writes: a whole file, maybe with its indexes rebuilt.
    deps.changes.write(
      (rev) => {
        const before = countRecords(deps.db);
        const since = lastIds(deps.db);
        const writeAll = () => {
          // A row names its record as an event's inline venue does: a same-named one is kept.
          for (const venue of contents.venues)
            attempt(venue.line ?? 0, () => {
              const context = inLanguage(venue.language ?? null);
              const patch = venuePatch(venue, context.language);
              deps.venues.link(venue.name, venue.description, patch, context, (match) =>
                unsaid(patch, match, readingOf(context)),
              );
            });
          for (const organizer of contents.organizers)
            attempt(organizer.line ?? 0, () => {
              const context = inLanguage(organizer.language ?? null);
              const patch = organizerPatch(organizer, context.language);
              deps.organizers.link(organizer.name, organizer.description, patch, context, (match) =>
                unsaid(patch, match, readingOf(context)),
              );
            });
          writeEvents(deps, contents.events, {
            rev,
            attempt,
            inLanguage,
            rows,
            textDescriptions: contents.format === 'ics',
            matcher: options.object?.matcher,
            preview: options.dryRun,
          });
        };
        // A file that brings more events than the calendar holds: indexes built once beat
        // indexes grown row by row (store/bulk-load.ts).
        if (contents.events.length > before.events) bulkLoad(deps.db, writeAll);
        else writeAll();
        const names = createdNames(deps.db, since, fileLanguage, context.settings.defaultLanguage);
        summary = summaryOf(
          contents,
          options.dryRun,
          { before, after: countRecords(deps.db), names },
          rows,
          listed(),
          notes,
          problems.count === readerProblems ? skippable : undefined,
        );
        if (options.dryRun) throw new DryRun();
        if (problems.count > 0) throw invalid();
        // The last moment to stop: past it the write commits and the thread says so.
        stopping();
      },
      { alone: true },
    );
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  if (!summary) throw new Error('the import ended without a summary');
  return summary;
}
