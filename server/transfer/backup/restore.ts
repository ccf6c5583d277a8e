/**
 * Restores a backup into an empty calendar: every record with its id, uuid, dates and texts,
 * links resolved inside the file, and what ICS imports kept beside events, in one write (one
 * revision, so replicas pull it all). The file is checked whole before anything is written; a
 * problem found while writing (a slug or uuid twice) rolls everything back. Foreign keys are
 * checked at commit, since a category may come before the parent that was given a higher id.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Backup } from '#shared/schemas/backup.ts';
import { cleanPatch, FILTERED } from '#shared/text/kses/text-rules.ts';
import { DomainError } from '../../domain/errors.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { bulkLoad } from '../../store/bulk-load.ts';
import type { Database } from '../../store/database.ts';
import { storeFailureOf } from '../../store/store-failure.ts';
import type { Language } from '#shared/languages.ts';
import type { CreatedNames, Problem } from '#shared/schemas/transfer.ts';
import { lastIds } from '../../store/created-records.repo.ts';
import { createdNames } from '../import/import-summary.ts';
import { importInvalid } from '../problems.ts';
import { createIcalRepo } from '../../store/ical.repo.ts';
import { recordRepos } from '../record-repos.ts';
import { keptIcalOf } from './backup-ical.ts';
import { createBackupRepo } from '../../store/backup.repo.ts';

type RestoreCounts = Record<
  'users' | 'venues' | 'organizers' | 'categories' | 'tags' | 'events',
  number
>;

/** What a restore holds, and the names of the first linked records it makes (for a preview). */
export type RestoreSummary = { counts: RestoreCounts; createdNames: CreatedNames };

type Links = { uuidToId: Map<string, number>; problems: Problem[] };

/** The ids of the records a backup holds, by uuid, and links that point outside it. */
function checkLinks(backup: Backup): Links {
  const held = new Map<string, { id: number; kind: string }>();
  const hold = (kind: string, records: { uuid: string; id: number }[]) => {
    for (const { uuid, id } of records) held.set(uuid, { id, kind });
  };
  hold('venue', backup.venues);
  hold('organizer', backup.organizers);
  hold('category', backup.categories);
  hold('tag', backup.tags);
  hold('event', backup.events);
  const problems: Problem[] = [];
  const expect = (where: string, uuid: string | null, kind: string) => {
    if (uuid !== null && held.get(uuid)?.kind !== kind)
      problems.push({ where, message: `no ${kind} with the uuid ${uuid} in this backup` });
  };
  backup.categories.forEach((category, index) =>
    expect(`categories[${index}].parentUuid`, category.parentUuid, 'category'),
  );
  backup.events.forEach((event, index) => {
    const at = `events[${index}]`;
    expect(`${at}.venueUuid`, event.venueUuid, 'venue');
    expect(`${at}.parentUuid`, event.parentUuid, 'event');
    event.organizerUuids.forEach((uuid) => expect(`${at}.organizerUuids`, uuid, 'organizer'));
    event.categoryUuids.forEach((uuid) => expect(`${at}.categoryUuids`, uuid, 'category'));
    event.tagUuids.forEach((uuid) => expect(`${at}.tagUuids`, uuid, 'tag'));
  });
  // An event keeps one row of ICS data (the table's key): a second would silently replace it.
  const kept = new Set<string>();
  backup.ical.forEach(({ eventUuid }, index) => {
    expect(`ical[${index}].eventUuid`, eventUuid, 'event');
    if (kept.has(eventUuid))
      problems.push({
        where: `ical[${index}].eventUuid`,
        message: `the event ${eventUuid} has ICS data twice in this backup`,
      });
    kept.add(eventUuid);
  });
  const uuidToId = new Map([...held].map(([uuid, record]) => [uuid, record.id]));
  return { uuidToId, problems };
}

const EVENTS_PER_WRITE = 2000;

/** Thrown inside the write to roll a dry run back once everything was checked. */
class DryRun extends Error {}

/**
 * What a failed restore answers. A constraint of the database (a uuid or slug twice, an author
 * that is not there) is the file's fault; anything else (a full disk too) is ours and goes to
 * the error handler as it is.
 */
function failureOf(error: unknown): unknown {
  if (
    !(error instanceof DomainError) &&
    (error as { code?: string }).code === 'ERR_SQLITE_ERROR' &&
    !storeFailureOf(error)
  )
    return importInvalid([{ where: 'backup', message: (error as Error).message }]);
  return error;
}

/**
 * A backup's record with its texts cleaned as an author's (WordPress's kses): a file's texts
 * were written by someone outside, whoever restores it, and a backup is a file anyone can write.
 */
const fromFile = <R extends Record<string, unknown>>(kind: Kind, record: R): R =>
  cleanPatch(kind, record, FILTERED);

/**
 * Restores `backup`; with `dryRun` everything is written and then rolled back, so a preview
 * meets every check the real restore would (the database's constraints included). Names are
 * given in `language`, else the backup's default language.
 */
export function restoreBackup(
  db: Database,
  changes: ChangeLog,
  backup: Backup,
  options: { dryRun?: boolean; language?: Language | undefined } = {},
): RestoreSummary {
  const { uuidToId, problems } = checkLinks(backup);
  if (problems.length > 0) throw importInvalid(problems);
  const id = (uuid: string) => uuidToId.get(uuid) ?? 0;
  const idOrNull = (uuid: string | null) => (uuid === null ? null : id(uuid));
  const repo = createBackupRepo(db);
  const repos = recordRepos(db);
  const ical = createIcalRepo(db);
  const { defaultLanguage } = backup.settings;
  let names: CreatedNames | undefined;
  try {
    // Alone, not grouped with other writes: the deferred foreign keys are checked at its COMMIT.
    changes.write(
      (rev) => {
        if (repo.recordCount() > 0)
          throw new DomainError(
            'marquee_restore_not_empty',
            'A backup can only be restored into an empty calendar: start one with another --data folder.',
          );
        repo.deferForeignKeys();
        const since = lastIds(db);
        bulkLoad(db, () => {
          backup.users.forEach((user) => repo.putUser(user));
          for (const venue of backup.venues)
            repos.venues.insert({ ...fromFile('venue', venue), rev });
          for (const organizer of backup.organizers)
            repos.organizers.insert({ ...fromFile('organizer', organizer), rev });
          for (const term of [...backup.categories, ...backup.tags])
            repos.terms.insert({
              ...fromFile(term.taxonomy, term),
              rev,
              parentId: idOrNull(term.parentUuid),
            });
          // In pages, so the rows being sent are never all built at once.
          for (let start = 0; start < backup.events.length; start += EVENTS_PER_WRITE)
            repos.events.insertMany(
              backup.events.slice(start, start + EVENTS_PER_WRITE).map((event) => ({
                ...fromFile('event', event),
                rev,
                venueId: idOrNull(event.venueUuid),
                organizerIds: event.organizerUuids.map(id),
                categoryIds: event.categoryUuids.map(id),
                tagIds: event.tagUuids.map(id),
                parentId: idOrNull(event.parentUuid),
              })),
            );
          for (const entry of backup.ical) ical.put(id(entry.eventUuid), keptIcalOf(entry, rev));
        });
        names = createdNames(db, since, options.language ?? defaultLanguage, defaultLanguage);
        if (options.dryRun) throw new DryRun();
      },
      { alone: true },
    );
  } catch (error) {
    if (!(error instanceof DryRun)) throw failureOf(error);
  }
  if (!names) throw new Error('the restore ended without its names');
  return { counts: countsOf(backup), createdNames: names };
}

const countsOf = (backup: Backup): RestoreCounts => ({
  users: backup.users.length,
  venues: backup.venues.length,
  organizers: backup.organizers.length,
  categories: backup.categories.length,
  tags: backup.tags.length,
  events: backup.events.length,
});
