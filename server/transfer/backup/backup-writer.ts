/**
 * Writes a backup as text chunks, a page of records at a time, so a 100k-event calendar never
 * sits in memory whole. It reads from its own connection inside one read transaction: in WAL
 * mode that is a snapshot, so edits made while the file streams out never tear it (an event
 * pointing at a venue the file lacks). One record per line keeps the file diffable and lets a
 * restore name the line of a bad record.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupSection,
} from '#shared/schemas/backup.ts';
import { toSyncRecord } from '#shared/schemas/sync.ts';
import { openDatabase, type Database } from '../../store/database.ts';
import { pagesOf } from '../export-records.ts';
import { recordRepos } from '../record-repos.ts';
import { createBackupRepo, type RecordSection } from './backup.repo.ts';

export const SECTION_KIND: Record<RecordSection, Kind> = {
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
  events: 'event',
};

export type BackupHeader = Pick<Backup, 'created' | 'marquee' | 'settings'>;

export function* backupChunks(db: Database, header: BackupHeader): Generator<string> {
  const snapshot = openDatabase(db.file);
  try {
    snapshot.exec('BEGIN');
    const repo = createBackupRepo(snapshot);
    const repos = recordRepos(snapshot);
    const opening = { format: BACKUP_FORMAT, version: BACKUP_VERSION, ...header };
    yield `${JSON.stringify(opening).slice(0, -1)},\n`;
    yield list('users', repo.users(), false);
    const sections = Object.keys(SECTION_KIND) as RecordSection[];
    for (const [index, section] of sections.entries()) {
      const kind = SECTION_KIND[section];
      const ids = repo.ids(section);
      yield `"${section}":[`;
      let separator = '\n';
      for (const records of pagesOf(ids, (page) => repos.load(kind, page))) {
        const lines = records.map((record) => JSON.stringify(toSyncRecord(kind, record)));
        yield `${separator}${lines.join(',\n')}`;
        separator = ',\n';
      }
      yield `${ids.length > 0 ? '\n' : ''}]${index === sections.length - 1 ? '\n}\n' : ',\n'}`;
    }
  } finally {
    snapshot.exec('ROLLBACK');
    snapshot.close();
  }
}

function list(section: BackupSection, items: object[], last: boolean): string {
  const body = items.map((item) => JSON.stringify(item)).join(',\n');
  return `"${section}":[${items.length > 0 ? `\n${body}\n` : ''}]${last ? '\n}\n' : ',\n'}`;
}
