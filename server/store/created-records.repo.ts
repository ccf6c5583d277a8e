/**
 * SQL for what a write created: the records per kind, the highest ids before it, and the texts
 * of the first records it made. An import's summary and a restore's read them.
 */
import type { Language } from '#shared/languages.ts';
import type { Database } from './database.ts';

export type RecordCounts = Record<
  'events' | 'venues' | 'organizers' | 'categories' | 'tags',
  number
>;

/**
 * The highest post and term ids before a write. Both tables are AUTOINCREMENT, which never
 * gives an id twice, so what the write creates is what has a higher id, whichever door or
 * rule created it (a row's venue, an event's inline organizer, a term named by a path).
 */
export type LastIds = { post: number; term: number };

type CreatedText = { id: number; language: Language; name: string };

export function countRecords(db: Database): RecordCounts {
  return db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM posts WHERE kind = 'event') AS events,
         (SELECT COUNT(*) FROM posts WHERE kind = 'venue') AS venues,
         (SELECT COUNT(*) FROM posts WHERE kind = 'organizer') AS organizers,
         (SELECT COUNT(*) FROM terms WHERE taxonomy = 'category') AS categories,
         (SELECT COUNT(*) FROM terms WHERE taxonomy = 'tag') AS tags`,
    )
    .get() as RecordCounts;
}

export function lastIds(db: Database): LastIds {
  return db
    .prepare(
      `SELECT (SELECT COALESCE(MAX(id), 0) FROM posts) AS post,
              (SELECT COALESCE(MAX(id), 0) FROM terms) AS term`,
    )
    .get() as LastIds;
}

const TEXTS_SQL = {
  post: `SELECT t.post_id AS id, t.language, t.title AS name FROM post_texts t
         WHERE t.post_id IN (SELECT id FROM posts WHERE kind = ? AND id > ? ORDER BY id LIMIT ?)`,
  term: `SELECT x.term_id AS id, x.language, x.name FROM term_texts x
         WHERE x.term_id IN (SELECT id FROM terms WHERE taxonomy = ? AND id > ? ORDER BY id LIMIT ?)`,
};

/**
 * The names (each language's) of the first `limit` posts of a kind, or terms of a taxonomy,
 * created after `since`.
 */
export function createdTexts(
  db: Database,
  table: keyof LastIds,
  kind: string,
  since: LastIds,
  limit: number,
): CreatedText[] {
  return db.prepare(TEXTS_SQL[table]).all(kind, since[table], limit) as CreatedText[];
}
