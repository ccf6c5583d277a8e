/**
 * 0012 — a search reads only its languages' part of the index.
 *
 * `event_search` rowids were post id × 8 + language, so a search in English read every
 * language's matches and dropped the others row by row: at 1M events in three languages,
 * "jazz" read 490k rows to keep 163k. The language is now the rowid's high part (its place ×
 * 2^32 + post id), so one language's rows are one rowid range, which FTS5 seeks to in each
 * term's list. The index is emptied and refilled from the texts after the upgrade, between
 * requests, as after a bulk load (search-backlog.ts); searches scan the texts until then.
 * The index keeps no copy of the texts (contentless, with deletes: SQLite 3.43+), which
 * `post_texts` holds already: a third less index, and one table fewer written per text.
 *
 * `posts_protected`: the few password-protected posts, which a visitor's search leaves out
 * (event-search.sql.ts), without reading every post.
 */
import type { Language } from '#shared/languages.ts';

/** A language's place in `event_search` rowids (event-search.sql.ts reads the same table). */
export const SEARCH_PLACE: Readonly<Record<Language, number>> = {
  bg: 0,
  'zh-hans': 1,
  en: 2,
  fr: 3,
  de: 4,
  ja: 5,
  'pt-br': 6,
  es: 7,
};

/** `post_texts.language` (one of SEARCH_PLACE's, by its CHECK) as its place. */
const LANGUAGE_PLACE = `(CASE language ${Object.entries(SEARCH_PLACE)
  .map(([language, place]) => `WHEN '${language}' THEN ${place}`)
  .join(' ')} END)`;

/** Rowids per language: post ids are below it. */
export const SEARCH_LANGUAGE_SPAN = 2 ** 32;

const rowid = (row: 'new' | 'old' | '') => {
  const column = (name: string) => (row ? `${row}.${name}` : name);
  return `${LANGUAGE_PLACE.replace('language', column('language'))} * ${SEARCH_LANGUAGE_SPAN} + ${column('post_id')}`;
};

/** A `post_texts` row's rowid in `event_search` (also used by store/search-backlog.ts). */
export const SEARCH_ROWID = rowid('');

export const migration = {
  version: 12,
  name: 'search-by-language',
  sql: `
DROP TRIGGER event_search_insert;
DROP TRIGGER event_search_delete;
DROP TRIGGER event_search_update;
DROP TABLE event_search;
CREATE VIRTUAL TABLE event_search USING fts5 (
  title, excerpt, description,
  tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1
);
INSERT INTO event_search_backlog (id, next_post_id)
  SELECT 1, 0 WHERE EXISTS (SELECT 1 FROM post_texts WHERE kind = 'event')
  ON CONFLICT (id) DO UPDATE SET next_post_id = 0;

CREATE TRIGGER event_search_insert AFTER INSERT ON post_texts WHEN new.kind = 'event' BEGIN
  INSERT INTO event_search (rowid, title, excerpt, description)
    VALUES (${rowid('new')}, new.title, new.excerpt, new.description);
END;
CREATE TRIGGER event_search_delete AFTER DELETE ON post_texts WHEN old.kind = 'event' BEGIN
  DELETE FROM event_search WHERE rowid = ${rowid('old')};
END;
CREATE TRIGGER event_search_update AFTER UPDATE ON post_texts WHEN new.kind = 'event' BEGIN
  DELETE FROM event_search WHERE rowid = ${rowid('old')};
  INSERT INTO event_search (rowid, title, excerpt, description)
    VALUES (${rowid('new')}, new.title, new.excerpt, new.description);
END;

CREATE INDEX posts_protected ON posts (id) WHERE password <> '';
`,
};
