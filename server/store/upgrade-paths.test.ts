/**
 * A newer Marquee opens every older calendar: from each schema version a release may have left
 * on a laptop, the pending migrations bring a real SQLite file to exactly the schema a new
 * calendar gets (same tables, indexes, triggers and columns), and record each step once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-upgrade-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The schema as SQLite keeps it, minus the migration log's own rows. */
function schemaOf(db: Database): string[] {
  return (
    db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all() as {
      type: string;
      name: string;
      sql: string | null;
    }[]
  ).map((row) => `${row.type} ${row.name}: ${(row.sql ?? '').replace(/\s+/g, ' ')}`);
}

it('brings a calendar of every older version to the schema a new one has', () => {
  const fresh = openDatabase(join(dir, 'fresh.db'));
  migrate(fresh);
  const expected = schemaOf(fresh);
  fresh.close();

  for (let version = 1; version < MIGRATIONS.length; version += 1) {
    const db = openDatabase(join(dir, `v${version}.db`));
    migrate(db, MIGRATIONS.slice(0, version));
    const applied = migrate(db);
    expect(applied, `from version ${version}`).toEqual(
      MIGRATIONS.slice(version).map((migration) => migration.version),
    );
    expect(schemaOf(db), `from version ${version}`).toEqual(expected);
    const steps = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number };
    expect(steps.n).toBe(MIGRATIONS.length);
    db.close();
  }
});
