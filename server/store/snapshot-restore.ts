/**
 * Restores a snapshot into the live database while the server runs: the snapshot is attached
 * and every table of the calendar's records is replaced from it inside ONE write, so readers
 * see the old calendar or the restored one, never a mix, and a failure changes nothing. SQLite's
 * locking does the rest (another process writing waits, as for any write).
 *
 * The restore is a change like any other, and more: one new revision, past both the current
 * sequence and the snapshot's, stamped on every record and deletion it leaves, so caches, ETags
 * and ICS SEQUENCEs move forward; the sync horizon moves to it, so every replica fetches
 * everything again (a pull from an older checkpoint answers 409). Records it removes leave
 * tombstones. A field keeps the snapshot's field revision when it is what the live record had
 * (same revision), else it gets the restore's: a replica's unsent edit of a field the restore
 * changed is a conflict for the user, not a silent overwrite.
 *
 * What is not the calendar stays: users and their access tokens (a restore must not lock the
 * website build out; authors only the snapshot knows come back without a token), the replicas'
 * push history, the website's link, and the migrations table (the snapshot was migrated to this
 * version first).
 */
import { bulkLoad } from './bulk-load.ts';
import type { ChangeLog } from './change-log.repo.ts';
import type { Database } from './database.ts';

/** Tables that are not the calendar's records: kept, or merged, by a restore. */
const KEPT_TABLES: ReadonlySet<string> = new Set([
  'users',
  'schema_migrations',
  'change_counter',
  'tombstones',
  'sync_state',
  'sync_clients',
  'sync_revs',
  'sync_results',
  'event_search_backlog',
  // The website's link (what the site holds and last showed): kept, so the restored records,
  // a new revision, are sent to the site as changes, rather than the site's newer versions
  // taken back over the restore as if nothing had happened here.
  'peers',
  'peer_records',
  'peer_conflicts',
  'peer_log',
  // People's own reminders from their phones (CalDAV): theirs, like their tokens, not the
  // calendar's; a reminder on an event the snapshot lacks stays unused.
  'caldav_alarms',
]);

export class SnapshotShapeError extends Error {
  constructor(detail: string) {
    super(`The snapshot is not a Marquee calendar of this version: ${detail}.`);
    this.name = 'SnapshotShapeError';
  }
}

type Schema = 'main' | 'snapshot';

const names = (rows: unknown[]) => (rows as { name: string }[]).map((row) => row.name);

function columnsOf(db: Database, schema: Schema, table: string): string[] {
  return names(db.prepare('SELECT name FROM pragma_table_info(?, ?)').all(table, schema));
}

/**
 * The tables a restore replaces, parents last: the tables whose rows are the calendar's
 * records (every table but the kept ones, SQLite's own and a virtual table's shadows).
 */
export function calendarTables(db: Database, schema: Schema = 'main'): string[] {
  const tables = (
    db.prepare('SELECT name, type FROM pragma_table_list WHERE schema = ?').all(schema) as {
      name: string;
      type: string;
    }[]
  )
    .filter(({ name, type }) => type === 'table' && !name.startsWith('sqlite_'))
    .map(({ name }) => name)
    .filter((name) => !KEPT_TABLES.has(name))
    .sort();
  const referenced = new Set(
    tables.flatMap((table) =>
      (
        db
          .prepare('SELECT "table" AS name FROM pragma_foreign_key_list(?, ?)')
          .all(table, schema) as { name: string }[]
      )
        .map((row) => row.name)
        .filter((name) => name !== table),
    ),
  );
  return [
    ...tables.filter((table) => !referenced.has(table)),
    ...tables.filter((table) => referenced.has(table)),
  ];
}

function assertSameShape(db: Database, tables: readonly string[]): void {
  for (const table of [...tables, ...KEPT_TABLES]) {
    const live = columnsOf(db, 'main', table).join(',');
    const held = columnsOf(db, 'snapshot', table).join(',');
    if (live !== held) throw new SnapshotShapeError(`its table ${table} differs`);
  }
}

const list = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/** Sets triggers on the calendar's tables aside (each row copied would fire them); gives them back. */
function withoutTriggers(db: Database, tables: readonly string[], work: () => void): void {
  const triggers = db
    .prepare(
      `SELECT name, sql FROM main.sqlite_master
       WHERE type = 'trigger' AND tbl_name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(tables)) as { name: string; sql: string }[];
  for (const { name } of triggers) db.exec(`DROP TRIGGER main."${name}"`);
  work();
  for (const { sql } of triggers) db.exec(sql);
}

/**
 * Virtual tables are indexes of the records (the search index): made again, empty; the bulk
 * load's search backlog fills it after the commit.
 */
function emptyVirtualTables(db: Database): void {
  const virtual = db
    .prepare(
      `SELECT l.name, m.sql FROM pragma_table_list AS l JOIN main.sqlite_master AS m ON m.name = l.name
       WHERE l.schema = 'main' AND l.type = 'virtual'`,
    )
    .all() as { name: string; sql: string }[];
  for (const { name, sql } of virtual) {
    db.exec(`DROP TABLE main."${name}"`);
    db.exec(sql);
  }
}

/** What the live records were, for their field revisions and the tombstones of those that go. */
function rememberLiveRecords(db: Database): void {
  db.exec(`
    CREATE TEMP TABLE restore_before (
      uuid TEXT PRIMARY KEY, kind TEXT NOT NULL, id INTEGER NOT NULL, field_revs TEXT NOT NULL
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO temp.restore_before
      SELECT uuid, kind, id, field_revs FROM main.posts
      UNION ALL SELECT uuid, taxonomy, id, field_revs FROM main.terms;
  `);
}

/**
 * Every record gets the restore's revision; each field keeps its revision from the snapshot
 * when the live record had the same one for it, else gets the restore's. Only records whose
 * field revisions differ from the live ones (changed since the snapshot, or gone meanwhile)
 * need the field-by-field merge: most records are as they were.
 */
function stampRevisions(db: Database, rev: number): void {
  for (const table of ['posts', 'terms']) {
    db.prepare(`UPDATE main.${table} SET rev = ?`).run(rev);
    db.prepare(
      `UPDATE main.${table} AS target SET field_revs = merged.revs
       FROM (
         SELECT record.id AS id, (
           SELECT coalesce(json_group_object(field.key,
             CASE WHEN json_extract(record.field_revs, field.fullkey)
                    IS json_extract(coalesce(before.field_revs, '{}'), field.fullkey)
                  THEN json_extract(record.field_revs, field.fullkey) ELSE CAST(?1 AS INTEGER) END), '{}')
           FROM json_each(json_patch(coalesce(before.field_revs, '{}'), record.field_revs)) AS field
         ) AS revs
         FROM main.${table} AS record LEFT JOIN temp.restore_before AS before ON before.uuid = record.uuid
         WHERE before.field_revs IS NOT record.field_revs
       ) AS merged
       WHERE merged.id = target.id`,
    ).run(rev);
  }
}

/** The snapshot's deletions and the records the restore removes, all at the restore's revision. */
function mergeTombstones(db: Database, rev: number, nowUtc: string): void {
  const columns = list(columnsOf(db, 'main', 'tombstones'));
  db.exec(
    `INSERT OR IGNORE INTO main.tombstones (${columns}) SELECT ${columns} FROM snapshot.tombstones`,
  );
  db.prepare(
    `INSERT INTO main.tombstones (uuid, kind, record_id, rev, deleted_utc)
     SELECT uuid, kind, id, ?, ? FROM temp.restore_before AS before
     WHERE NOT EXISTS (SELECT 1 FROM main.posts WHERE uuid = before.uuid)
       AND NOT EXISTS (SELECT 1 FROM main.terms WHERE uuid = before.uuid)
     ON CONFLICT (uuid) DO UPDATE SET rev = excluded.rev, deleted_utc = excluded.deleted_utc`,
  ).run(rev, nowUtc);
  // A record the snapshot brings back is alive again: its tombstone goes.
  db.exec(`DELETE FROM main.tombstones
    WHERE uuid IN (SELECT uuid FROM main.posts) OR uuid IN (SELECT uuid FROM main.terms)`);
  db.prepare('UPDATE main.tombstones SET rev = ?').run(rev);
}

/** Authors only the snapshot knows come back, without a token; the live users stay as they are. */
function mergeUsers(db: Database): void {
  const columns = columnsOf(db, 'main', 'users');
  const values = columns.map((column) => (column === 'token_hash' ? 'NULL' : `"${column}"`));
  db.exec(
    `INSERT INTO main.users (${list(columns)}) SELECT ${values.join(', ')} FROM snapshot.users
     WHERE id NOT IN (SELECT id FROM main.users)`,
  );
}

/**
 * Restores the attached-to-be `file` (a snapshot of this schema version) into `db`; returns
 * the restore's revision. `seq` is the snapshot's change sequence; `nowUtc` dates the
 * tombstones of the records it removes.
 */
export function restoreSnapshotFile(
  db: Database,
  changes: ChangeLog,
  file: string,
  options: { seq: number; nowUtc: string },
): number {
  db.settle(); // ATTACH runs outside any transaction
  db.prepare('ATTACH DATABASE ? AS snapshot').run(file);
  try {
    const tables = calendarTables(db);
    assertSameShape(db, tables);
    return changes.write(
      (rev) => {
        // Rows arrive table by table; the commit checks that every link holds.
        db.exec('PRAGMA defer_foreign_keys = ON');
        bulkLoad(db, () => {
          rememberLiveRecords(db);
          withoutTriggers(db, tables, () => {
            emptyVirtualTables(db);
            for (const table of tables) db.exec(`DELETE FROM main."${table}"`);
            for (const table of [...tables].reverse()) {
              const columns = list(columnsOf(db, 'main', table));
              db.exec(
                `INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM snapshot."${table}"`,
              );
            }
          });
          mergeUsers(db);
          stampRevisions(db, rev);
          mergeTombstones(db, rev, options.nowUtc);
          // Ids are never given twice, whichever side gave out more of them.
          db.exec(`UPDATE main.sqlite_sequence AS live SET seq = max(live.seq, coalesce(
            (SELECT held.seq FROM snapshot.sqlite_sequence AS held WHERE held.name = live.name), 0))`);
          db.prepare("UPDATE main.sync_state SET value = ? WHERE key = 'tombstone_horizon'").run(
            String(rev),
          );
          db.exec('DROP TABLE temp.restore_before');
        });
        return rev;
      },
      // Alone: DETACH and the deferred foreign keys need its own COMMIT.
      { after: options.seq, alone: true },
    );
  } finally {
    db.exec('DETACH DATABASE snapshot');
  }
}
