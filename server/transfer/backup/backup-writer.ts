/**
 * Writes a backup as text chunks, a page of records at a time, so a 100k-event calendar never
 * sits in memory whole. It reads from its own connection inside one read transaction: in WAL
 * mode that is a snapshot, so edits made while the file streams out never tear it (an event
 * pointing at a venue the file lacks). One record per line keeps the file diffable and lets a
 * restore name the line of a bad record. What ICS imports kept comes last, named by event uuid.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupSection,
} from '#shared/schemas/backup.ts';
import { toSyncRecord } from '#shared/schemas/sync.ts';
import type { Database } from '../../store/database.ts';
import { pagesOf } from '../export-records.ts';
import { recordRepos } from '../record-repos.ts';
import { backupIcalPages } from './backup-ical.ts';
import { createBackupRepo, readAtOneInstant, type RecordSection } from '../../store/backup.repo.ts';

const SECTION_KIND: Record<RecordSection, Kind> = {
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
  events: 'event',
};

type BackupHeader = Pick<Backup, 'created' | 'marquee' | 'settings'>;

export function backupChunks(db: Database, header: BackupHeader): Generator<string> {
  return readAtOneInstant(db, function* (snapshot) {
    const repo = createBackupRepo(snapshot);
    const repos = recordRepos(snapshot);
    const opening = { format: BACKUP_FORMAT, version: BACKUP_VERSION, ...header };
    yield `${JSON.stringify(opening).slice(0, -1)},\n`;
    yield* list('users', [repo.users()]);
    for (const [section, kind] of Object.entries(SECTION_KIND) as [RecordSection, Kind][]) {
      const pages = pagesOf(repo.ids(section), (page) => repos.load(kind, page));
      yield* list(
        section,
        mapPages(pages, (record) => toSyncRecord(kind, record)),
      );
    }
    yield* list('ical', backupIcalPages(snapshot), { last: true });
  });
}

function* mapPages<T, U>(pages: Iterable<T[]>, map: (item: T) => U): Generator<U[]> {
  for (const page of pages) yield page.map(map);
}

/** One section, `"name":[` then one item per line, a page of lines per chunk. */
function* list(
  section: BackupSection,
  pages: Iterable<object[]>,
  options: { last?: boolean } = {},
): Generator<string> {
  yield `"${section}":[`;
  let separator = '\n';
  for (const items of pages) {
    if (items.length === 0) continue;
    yield `${separator}${items.map((item) => JSON.stringify(item)).join(',\n')}`;
    separator = ',\n';
  }
  yield `${separator === '\n' ? '' : '\n'}]${options.last ? '\n}\n' : ',\n'}`;
}
