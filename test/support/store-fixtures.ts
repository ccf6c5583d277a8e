/** Rows for the store's own tests, written without the services. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Database } from '#server/store/database.ts';
import { openStore, type Store } from '#server/store/open-store.ts';
import { SEARCH_LANGUAGE_SPAN } from '#server/store/migrations/0012-search-by-language.ts';
import { MIGRATIONS } from '#server/store/migrations/index.ts';

/** A database of its own for each test (not yet migrated), in a folder removed afterwards. */
export function databasePerTest(): () => Database {
  let dir: string;
  let db: Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'marquee-store-'));
    db = openDatabase(join(dir, 'marquee.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => db;
}

/**
 * A migrated store of its own for each test, in a folder removed afterwards: read `store` and
 * `dir` from the result inside the tests (they are set before each one).
 */
export function storePerTest(): { store: Store; dir: string } {
  const temp = {} as { store: Store; dir: string };
  beforeEach(() => {
    temp.dir = mkdtempSync(join(tmpdir(), 'marquee-store-'));
    temp.store = openStore(temp.dir, { lock: false });
  });
  afterEach(() => {
    temp.store.close();
    rmSync(temp.dir, { recursive: true, force: true });
  });
  return temp;
}

/** A category or tag without texts. */
export function addTerm(db: Database, id: number, taxonomy: 'category' | 'tag' = 'category'): void {
  db.prepare(
    `INSERT INTO terms (id, uuid, taxonomy, parent_id, color, created_utc, modified_utc, rev)
     VALUES (?, ?, ?, NULL, '', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1)`,
  ).run(id, crypto.randomUUID(), taxonomy);
}

/** An event's link to a term. */
export function linkTerm(db: Database, event: number, term: number): void {
  db.prepare('INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, 0)').run(
    event,
    term,
  );
}

/** Ids of events whose indexed texts hold `word` (through the trigram index only). */
export const found = (db: Database, word: string) =>
  (
    db
      .prepare(
        `SELECT rowid % ${SEARCH_LANGUAGE_SPAN} AS id FROM event_search WHERE event_search MATCH ? ORDER BY id`,
      )
      .all(`"${word}"`) as { id: number }[]
  ).map((row) => row.id);

/** A bare event with one French title, written with SQL as a load would (at revision `rev`). */
export function addEvent(db: Database, id: number, title: string, rev = 1): void {
  db.prepare(
    `INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
     VALUES (?, ?, 'event', 'publish', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', ?)`,
  ).run(id, crypto.randomUUID(), rev);
  db.prepare(
    `INSERT INTO events (post_id, start_local, end_local, timezone, start_utc, end_utc)
     VALUES (?, '2026-02-01 20:00:00', '2026-02-01 22:00:00', 'UTC', '2026-02-01 20:00:00', '2026-02-01 22:00:00')`,
  ).run(id);
  db.prepare(
    "INSERT INTO post_texts (post_id, kind, language, title) VALUES (?, 'event', 'fr', ?)",
  ).run(id, title);
}

/** The versions an upgrade from before `first` applies: `first` and every later one. */
export const versionsFrom = (first: number): number[] =>
  MIGRATIONS.map((migration) => migration.version).filter((version) => version >= first);
