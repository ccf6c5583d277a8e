import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLog } from './change-log.repo.ts';
import { openDatabase, type Database } from './database.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { DatabaseTooNewError, migrate } from './migrate.ts';
import { SEARCH_LANGUAGE_SPAN } from './migrations/0012-search-by-language.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { openStore } from './open-store.ts';
import { fillSearchChunk, searchIndexComplete } from './search-backlog.ts';
import { addEvent } from './store-test-fixtures.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function count(db: Database, sql: string): number {
  return (db.prepare(sql).get() as { n: number }).n;
}

describe('store', () => {
  it('applies migrations once, in WAL mode', () => {
    const store = openStore(dir, { lock: false });
    expect(
      (store.db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
    ).toBe('wal');
    expect(migrate(store.db)).toEqual([]);
    expect(count(store.db, 'SELECT COUNT(*) AS n FROM schema_migrations')).toBe(MIGRATIONS.length);
    store.close();
  });

  it('upgrades a version-1 calendar: event statuses copied, texts indexed for search', () => {
    const db = openDatabase(join(dir, 'marquee.db'));
    migrate(db, MIGRATIONS.slice(0, 1));
    db.exec(`
      INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
        VALUES (7, 'e6b1c8b2-3f62-4a8e-9d7c-1a2b3c4d5e6f', 'event', 'draft', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1);
      INSERT INTO events (post_id, start_local, end_local, timezone, start_utc, end_utc)
        VALUES (7, '2026-02-01 20:00:00', '2026-02-01 22:00:00', 'UTC', '2026-02-01 20:00:00', '2026-02-01 22:00:00');
      INSERT INTO post_texts (post_id, kind, language, title) VALUES (7, 'event', 'de', 'Sommerfest im Park');
    `);
    expect(migrate(db)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(db.prepare('SELECT status FROM events WHERE post_id = 7').get()).toEqual({
      status: 'draft',
    });
    // 0012 laid the index out again: it is refilled after the upgrade, between requests.
    expect(searchIndexComplete(db)).toBe(false);
    while (fillSearchChunk(db));
    const found = db
      .prepare(
        `SELECT rowid % ${SEARCH_LANGUAGE_SPAN} AS id, rowid / ${SEARCH_LANGUAGE_SPAN} AS place
           FROM event_search WHERE event_search MATCH '"fest"'`,
      )
      .all();
    // German's place is 4 (event-search.sql.ts).
    expect(found).toEqual([{ id: 7, place: 4 }]);
    db.prepare("UPDATE post_texts SET title = 'Winterball' WHERE post_id = 7").run();
    expect(
      db
        .prepare('SELECT COUNT(*) AS n FROM event_search WHERE event_search MATCH \'"fest"\'')
        .get(),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('frees the slugs of posts trashed before version 6, in one revision', () => {
    const db = openDatabase(join(dir, 'marquee.db'));
    migrate(db, MIGRATIONS.slice(0, 5));
    db.exec(`
      UPDATE change_counter SET seq = 4 WHERE id = 1;
      INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
        VALUES (3, 'a6b1c8b2-3f62-4a8e-9d7c-1a2b3c4d5e6f', 'venue', 'trash', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 2),
               (4, 'b6b1c8b2-3f62-4a8e-9d7c-1a2b3c4d5e6f', 'venue', 'publish', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 3);
      INSERT INTO post_texts (post_id, kind, language, title, slug) VALUES
        (3, 'venue', 'en', 'Old Hall', 'old-hall'), (3, 'venue', 'de', 'Alte Halle', 'alte-halle'),
        (3, 'venue', 'fr', '', ''), (4, 'venue', 'en', 'New Hall', 'new-hall');
    `);
    expect(migrate(db)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    const slugs = db
      .prepare('SELECT post_id AS id, language, slug FROM post_texts ORDER BY post_id, language')
      .all();
    expect(slugs).toEqual([
      { id: 3, language: 'de', slug: 'alte-halle__trashed' },
      { id: 3, language: 'en', slug: 'old-hall__trashed' },
      { id: 3, language: 'fr', slug: '' },
      { id: 4, language: 'en', slug: 'new-hall' },
    ]);
    expect(db.prepare('SELECT id, rev, field_revs FROM posts ORDER BY id').all()).toEqual([
      { id: 3, rev: 5, field_revs: '{"slug.de":5,"slug.en":5}' },
      { id: 4, rev: 3, field_revs: '{}' },
    ]);
    expect(count(db, 'SELECT seq AS n FROM change_counter')).toBe(5);
    db.close();
  });

  it('refuses a database from a newer Marquee', () => {
    const db = openDatabase(join(dir, 'marquee.db'));
    migrate(db);
    db.exec("INSERT INTO schema_migrations VALUES (99, 'future', '2030-01-01 00:00:00')");
    expect(() => migrate(db)).toThrow(DatabaseTooNewError);
    db.close();
  });

  it('rolls a failed transaction back, and a failed savepoint only', () => {
    const db = openDatabase(join(dir, 'marquee.db'));
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(count(db, 'SELECT COUNT(*) AS n FROM t')).toBe(0);

    db.transaction(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      expect(() =>
        db.transaction(() => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          throw new Error('inner');
        }),
      ).toThrow('inner');
    });
    expect(count(db, 'SELECT COUNT(*) AS n FROM t')).toBe(1);
    db.close();
  });

  it('rolls back a transaction whose COMMIT fails (a deferred foreign key), and goes on', () => {
    const db = openDatabase(join(dir, 'marquee.db'));
    db.exec(
      'CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id))',
    );
    expect(() =>
      db.transaction(() => {
        db.exec('PRAGMA defer_foreign_keys = ON');
        db.prepare('INSERT INTO c VALUES (7)').run();
      }),
    ).toThrow(/FOREIGN KEY/);
    expect(count(db, 'SELECT COUNT(*) AS n FROM c')).toBe(0);
    db.transaction(() => db.prepare('INSERT INTO p VALUES (1)').run());
    expect(count(db, 'SELECT COUNT(*) AS n FROM p')).toBe(1);
    db.close();
  });

  it('gives each write one new sequence number and tells listeners after commit', () => {
    const store = openStore(dir, { lock: false });
    const changes = createChangeLog(store.db);
    const seen: number[] = [];
    changes.onCommit((rev) => seen.push(rev));
    expect(changes.write((rev) => rev)).toBe(1);
    expect(() =>
      changes.write(() => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(changes.write((rev) => rev)).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(changes.write((outer) => changes.write((inner) => [outer, inner]))).toEqual([3, 3]);
    expect(seen).toEqual([1, 2, 3]);
    expect(changes.current()).toBe(3);
    store.close();
  });

  it('says which events changes touched, asking the database once per change', () => {
    const store = openStore(dir, { lock: false });
    const changes = createChangeLog(store.db);
    const { db } = store;
    changes.write((rev) => addEvent(db, 10, 'Concert', rev));
    const asked = () => {
      const before = db.statementCount();
      const touched = changes.eventsTouchedSince(0, 64);
      return { touched: touched && [...touched], statements: db.statementCount() - before };
    };
    expect(asked()).toEqual({ touched: [10], statements: 2 });
    expect(asked()).toEqual({ touched: [10], statements: 0 });
    changes.write((rev) => addEvent(db, 11, 'Bal', rev));
    expect(asked()).toEqual({ touched: [10, 11], statements: 2 });
    expect(changes.eventsTouchedSince(0, 1)).toBeUndefined();
    store.close();
  });

  it('lets one server hold a data directory at a time', () => {
    const first = openStore(dir, { lock: true });
    first.lock?.announce({ pid: 4242, url: 'http://127.0.0.1:9999', startedAt: 'now' });
    expect(() => openStore(dir, { lock: true })).toThrow(DataDirInUseError);
    expect(() => openStore(dir, { lock: true })).toThrow(/pid 4242, http:\/\/127\.0\.0\.1:9999/);
    first.close();
    openStore(dir, { lock: true }).close();
  });
});
