/** SQL a backup reads and a restore writes besides the record repos: ids in order, users. */
import type { BackupUser } from '#shared/schemas/backup.ts';
import { openDatabase, type Database } from './database.ts';

export type RecordSection = 'venues' | 'organizers' | 'categories' | 'tags' | 'events';

const IDS: Record<RecordSection, string> = {
  venues: "SELECT id FROM posts WHERE kind = 'venue' ORDER BY id",
  organizers: "SELECT id FROM posts WHERE kind = 'organizer' ORDER BY id",
  events: "SELECT id FROM posts WHERE kind = 'event' ORDER BY id",
  categories: "SELECT id FROM terms WHERE taxonomy = 'category' ORDER BY id",
  tags: "SELECT id FROM terms WHERE taxonomy = 'tag' ORDER BY id",
};

export function createBackupRepo(db: Database) {
  return {
    ids(section: RecordSection): number[] {
      return (db.prepare(IDS[section]).all() as { id: number }[]).map((row) => row.id);
    },

    users(): BackupUser[] {
      return db
        .prepare(
          'SELECT id, name, role, created_utc AS created, revoked_utc AS revoked FROM users ORDER BY id',
        )
        .all() as BackupUser[];
    },

    /** Records of any kind and status, trash included (tombstones do not count). */
    recordCount(): number {
      const row = db
        .prepare('SELECT (SELECT COUNT(*) FROM posts) + (SELECT COUNT(*) FROM terms) AS n')
        .get() as { n: number };
      return row.n;
    },

    /**
     * A restore's links may name records it inserts later (a child category before its parent):
     * the foreign keys are checked at the transaction's COMMIT instead of at each row.
     */
    deferForeignKeys(): void {
      db.exec('PRAGMA defer_foreign_keys = ON');
    },

    /** Authors come back with their ids; a restored user has no token until one is made. */
    putUser(user: BackupUser): void {
      db.prepare(
        `INSERT INTO users (id, name, role, token_hash, created_utc, revoked_utc)
         VALUES (?, ?, ?, NULL, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role`,
      ).run(user.id, user.name, user.role, user.created, user.revoked);
    },
  };
}

/**
 * Reads the calendar as it is at one instant, through a connection of its own in one read
 * transaction: a backup written while the server takes writes is never half of one.
 */
export function* readAtOneInstant<T>(
  db: Database,
  read: (snapshot: Database) => Generator<T>,
): Generator<T> {
  const snapshot = openDatabase(db.file);
  try {
    snapshot.exec('BEGIN');
    yield* read(snapshot);
  } finally {
    snapshot.exec('ROLLBACK');
    snapshot.close();
  }
}
