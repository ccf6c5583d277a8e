/**
 * 0002 — fast event lists on large calendars.
 *
 * - `events.status` copies the post's status (the events repo writes both in one transaction),
 *   so the listing index answers the default list — status, not hidden, start date, in order —
 *   and its count, without visiting `posts`.
 * - `event_search`: a trigram full-text index over event texts (title, excerpt, description)
 *   per language, so `search` finds substrings without scanning every text, ignoring case and
 *   accents as MySQL's collations do for WordPress. Triggers on `post_texts` keep it current;
 *   its rowid is post id × 8 + the language's index, so a row can be found again to delete it.
 */
const LANGUAGE_INDEX = `(CASE language WHEN 'bg' THEN 0 WHEN 'zh-hans' THEN 1 WHEN 'en' THEN 2 WHEN 'fr' THEN 3
  WHEN 'de' THEN 4 WHEN 'ja' THEN 5 WHEN 'pt-br' THEN 6 ELSE 7 END)`;

const rowid = (row: 'new' | 'old') =>
  `${row}.post_id * 8 + ${LANGUAGE_INDEX.replaceAll('language', `${row}.language`)}`;

/** A `post_texts` row's rowid in `event_search` (until 0012). */
const SEARCH_ROWID = `post_id * 8 + ${LANGUAGE_INDEX}`;

const FILL_EVENT_SEARCH = `INSERT INTO event_search (rowid, language, title, excerpt, description)
  SELECT ${SEARCH_ROWID}, language, title, excerpt, description FROM post_texts WHERE kind = 'event';`;

export const migration = {
  version: 2,
  name: 'event-listing',
  sql: `
ALTER TABLE events ADD COLUMN status TEXT NOT NULL DEFAULT 'publish';
UPDATE events SET status = (SELECT status FROM posts WHERE posts.id = events.post_id);
CREATE INDEX events_listing ON events (status, hide_from_listings, start_utc, post_id, end_utc);

CREATE VIRTUAL TABLE event_search USING fts5 (
  language UNINDEXED, title, excerpt, description,
  tokenize = 'trigram remove_diacritics 1'
);
${FILL_EVENT_SEARCH}

CREATE TRIGGER event_search_insert AFTER INSERT ON post_texts WHEN new.kind = 'event' BEGIN
  INSERT INTO event_search (rowid, language, title, excerpt, description)
    VALUES (${rowid('new')}, new.language, new.title, new.excerpt, new.description);
END;
CREATE TRIGGER event_search_delete AFTER DELETE ON post_texts WHEN old.kind = 'event' BEGIN
  DELETE FROM event_search WHERE rowid = ${rowid('old')};
END;
CREATE TRIGGER event_search_update AFTER UPDATE ON post_texts WHEN new.kind = 'event' BEGIN
  DELETE FROM event_search WHERE rowid = ${rowid('old')};
  INSERT INTO event_search (rowid, language, title, excerpt, description)
    VALUES (${rowid('new')}, new.language, new.title, new.excerpt, new.description);
END;
`,
};
