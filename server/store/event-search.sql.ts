/**
 * Which events a search matches (WordPress `s`): every word in the title, excerpt or
 * description in one of the languages, as a substring, ignoring case and accents, and none of
 * the words it leaves out (`-word`) in any of those texts. Through the
 * trigram index when every word is long enough and the index holds every text; else by reading
 * the texts (right after a large load or an upgrade, store/search-backlog.ts). A visitor's search
 * never matches a password-protected event: WordPress leaves them out of visitors' searches, so
 * their text cannot be probed word by word.
 */
import type { Language } from '#shared/languages.ts';
import type { Database, SqlValue } from './database.ts';
import { SEARCH_LANGUAGE_SPAN, SEARCH_PLACE } from './migrations/0012-search-by-language.ts';
import { searchIndexComplete } from './search-backlog.ts';
import { jsonList, type Conditions } from './sql.ts';

export type EventSearch = {
  words: string[];
  /** Words no text of a matched event holds (WordPress's `-word`). */
  without: string[];
  languages: Language[];
  public: boolean;
};

/**
 * The trigram index needs three characters; shorter words are looked for by scanning. So is a
 * word with a NUL: FTS5 reads its query as a C string, so a NUL ends the phrase ("unterminated
 * string", which was a 500), while `instr` compares the whole text and finds the NUL literally,
 * as WordPress's LIKE does. Other control characters are ordinary characters to FTS5.
 */
const INDEXED_WORD = /^[^\0]{3,}$/u;

type Sql = { sql: string; values: SqlValue[] };

/**
 * Each language's rows are one rowid range, which the index seeks to. The bounds are written
 * into the SQL: bound, they would go as floating-point numbers (node:sqlite binds a number so),
 * and FTS5 then reads every language's rows (75 against 25 ms for "jazz" at 1M events).
 */
function throughIndex(search: EventSearch): Sql {
  const match = search.words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
  const perLanguage = search.languages.map((language) => {
    const first = SEARCH_PLACE[language] * SEARCH_LANGUAGE_SPAN;
    return `SELECT rowid % ${SEARCH_LANGUAGE_SPAN} AS id FROM event_search
              WHERE event_search MATCH ? AND rowid >= ${first} AND rowid < ${first + SEARCH_LANGUAGE_SPAN}`;
  });
  return { sql: perLanguage.join(' UNION ALL '), values: perLanguage.map(() => match) };
}

/**
 * Whether the index can answer the search: words to look for, every one long enough, none to
 * leave out (rare: those searches read the texts), every text indexed.
 */
const indexed = (db: Database, search: EventSearch) =>
  search.words.length > 0 &&
  search.without.length === 0 &&
  search.words.every((word) => INDEXED_WORD.test(word)) &&
  searchIndexComplete(db);

/** Whether one of an event's texts in the languages holds the word. */
const HOLDS_WORD = `EXISTS (SELECT 1 FROM post_texts t WHERE t.post_id = e.post_id AND t.language IN (SELECT value FROM json_each(?))
         AND (instr(mq_fold(t.title), ?) > 0 OR instr(mq_fold(t.excerpt), ?) > 0 OR instr(mq_fold(t.description), ?) > 0))`;

/** Password-protected posts, through their partial index (migration 0012). */
const PROTECTED = "SELECT id FROM posts WHERE password <> ''";

/** The search as conditions on `events e` of a list's WHERE clause. */
export function searchCondition(db: Database, where: Conditions, search: EventSearch): void {
  if (search.public) where.add(`e.post_id NOT IN (${PROTECTED})`);
  if (indexed(db, search)) {
    const matching = throughIndex(search);
    where.add(`e.post_id IN (${matching.sql})`, ...matching.values);
    return;
  }
  // Event by event: a narrow filter (a category and a month) reads only its events' texts.
  const languages = jsonList(search.languages);
  for (const word of search.words) where.add(HOLDS_WORD, languages, word, word, word);
  for (const word of search.without) where.add(`NOT ${HOLDS_WORD}`, languages, word, word, word);
}

/**
 * The events the search matches, as a map by post id (1: matched); undefined when the index
 * cannot answer (the list then selects with `searchCondition`). The ids come as one
 * comma-separated text, read here straight into the map: at 1M events, for the 160k events
 * with a common word, a row each cost 40 of 75 ms; a JSON array, SQLite's json_group_array
 * and then JSON.parse, 14 ms more than the index's own work; this text, 9.
 */
export function indexedMatches(db: Database, search: EventSearch): Uint8Array | undefined {
  if (!indexed(db, search)) return undefined;
  const matching = throughIndex(search);
  const sql = search.public
    ? `SELECT id FROM (${matching.sql}) WHERE id NOT IN (${PROTECTED})`
    : matching.sql;
  const { highest, ids } = db
    .prepare(`SELECT (SELECT MAX(id) FROM posts) AS highest, group_concat(id) AS ids FROM (${sql})`)
    .get(...matching.values) as { highest: number | null; ids: string | null };
  return membership(highest ?? 0, ids ?? '');
}

const COMMA = 44;
const ZERO = 48;

/** `ids` ("3,17,5"), each at most `highest`, as a map by id. */
function membership(highest: number, ids: string): Uint8Array {
  const matched = new Uint8Array(highest + 1);
  let id = 0;
  for (let at = 0; at < ids.length; at += 1) {
    const code = ids.charCodeAt(at);
    if (code === COMMA) {
      matched[id] = 1;
      id = 0;
    } else id = id * 10 + code - ZERO;
  }
  if (ids.length > 0) matched[id] = 1;
  return matched;
}
