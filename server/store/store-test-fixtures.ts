/** Rows for the store's own tests, written without the services. */
import type { Database } from './database.ts';

/** Ids of events whose indexed texts hold `word` (through the trigram index only). */
export const found = (db: Database, word: string) =>
  (
    db
      .prepare('SELECT rowid >> 3 AS id FROM event_search WHERE event_search MATCH ? ORDER BY id')
      .all(`"${word}"`) as { id: number }[]
  ).map((row) => row.id);

/** A bare event with one French title, written with SQL as a load would. */
export function addEvent(db: Database, id: number, title: string): void {
  db.prepare(
    `INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
     VALUES (?, ?, 'event', 'publish', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1)`,
  ).run(id, crypto.randomUUID());
  db.prepare(
    `INSERT INTO events (post_id, start_local, end_local, timezone, start_utc, end_utc)
     VALUES (?, '2026-02-01 20:00:00', '2026-02-01 22:00:00', 'UTC', '2026-02-01 20:00:00', '2026-02-01 22:00:00')`,
  ).run(id);
  db.prepare(
    "INSERT INTO post_texts (post_id, kind, language, title) VALUES (?, 'event', 'fr', ?)",
  ).run(id, title);
}
