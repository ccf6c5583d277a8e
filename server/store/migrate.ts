/**
 * Applies pending migrations at start, each in its own transaction, and refuses a database
 * written by a newer Marquee (opening it could lose that version's data).
 */
import type { Database } from './database.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

export class DatabaseTooNewError extends Error {
  /** The calendar's file, for the desktop app's own words. */
  readonly file: string;
  constructor(file: string, found: number, known: number) {
    super(
      `${file} was written by a newer Marquee (schema ${found}; this version knows up to ${known}). ` +
        'Update Marquee to open it.',
    );
    this.name = 'DatabaseTooNewError';
    this.file = file;
  }
}

export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_utc TEXT NOT NULL
  )`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) throw new DatabaseTooNewError(db.file, current, latest);

  const applied: number[] = [];
  for (const migration of migrations.filter((m) => m.version > current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare(
        "INSERT INTO schema_migrations (version, name, applied_utc) VALUES (?, ?, strftime('%Y-%m-%d %H:%M:%S', 'now'))",
      ).run(migration.version, migration.name);
    });
    applied.push(migration.version);
  }
  return applied;
}
