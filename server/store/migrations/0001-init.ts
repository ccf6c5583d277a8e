/**
 * 0001 — the first schema. Immutable once released: later changes go in new numbered files.
 *
 * Events, venues and organizers are rows of `posts` (one id sequence, like WordPress posts) with
 * a kind-specific table beside it; categories and tags are rows of `terms` (the second sequence).
 * Translatable fields live in *_texts, one row per record and language. Every write stamps `rev`
 * from `change_counter`; hard deletes leave a row in `tombstones`.
 */
const LANGUAGE_CHECK = `language IN ('bg','zh-hans','en','fr','de','ja','pt-br','es')`;

export const migration = {
  version: 1,
  name: 'init',
  sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin','editor','author','contributor')),
  token_hash TEXT UNIQUE,
  created_utc TEXT NOT NULL,
  revoked_utc TEXT
);
-- User 1, "admin", owns the calendar: the desktop editor and --admin-token act as them.
INSERT INTO users (id, name, role, created_utc)
  VALUES (1, 'admin', 'admin', strftime('%Y-%m-%d %H:%M:%S', 'now'));

CREATE TABLE posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('event','venue','organizer')),
  status TEXT NOT NULL CHECK (status IN ('publish','future','draft','pending','private','trash')),
  status_before_trash TEXT CHECK (status_before_trash IN ('publish','future','draft','pending','private')),
  author INTEGER NOT NULL REFERENCES users (id),
  password TEXT NOT NULL DEFAULT '',
  date_utc TEXT NOT NULL,
  created_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL,
  rev INTEGER NOT NULL
);
CREATE INDEX posts_kind_status_date ON posts (kind, status, date_utc);
CREATE INDEX posts_author ON posts (author);
CREATE INDEX posts_rev ON posts (rev);

CREATE TABLE post_texts (
  post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  language TEXT NOT NULL CHECK (${LANGUAGE_CHECK}),
  title TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  slug TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (post_id, language)
) WITHOUT ROWID;
CREATE UNIQUE INDEX post_texts_slug ON post_texts (kind, language, slug) WHERE slug <> '';
CREATE INDEX post_texts_slug_any ON post_texts (kind, slug);
CREATE INDEX post_texts_title ON post_texts (kind, title COLLATE NOCASE);

CREATE TABLE events (
  post_id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  start_local TEXT NOT NULL,
  end_local TEXT NOT NULL,
  timezone TEXT NOT NULL,
  start_utc TEXT NOT NULL,
  end_utc TEXT NOT NULL,
  all_day INTEGER NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
  cost TEXT NOT NULL DEFAULT '',
  website TEXT,
  image_url TEXT NOT NULL DEFAULT '',
  show_map INTEGER NOT NULL DEFAULT 1 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 1 CHECK (show_map_link IN (0, 1)),
  hide_from_listings INTEGER NOT NULL DEFAULT 0 CHECK (hide_from_listings IN (0, 1)),
  sticky INTEGER NOT NULL DEFAULT 0 CHECK (sticky IN (0, 1)),
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  venue_id INTEGER REFERENCES posts (id) ON DELETE SET NULL,
  parent_id INTEGER REFERENCES posts (id) ON DELETE SET NULL
);
CREATE INDEX events_start ON events (start_utc, post_id);
CREATE INDEX events_end ON events (end_utc);
CREATE INDEX events_venue ON events (venue_id);
CREATE INDEX events_parent ON events (parent_id);
CREATE INDEX events_featured ON events (featured) WHERE featured = 1;

CREATE TABLE event_organizers (
  event_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  organizer_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, organizer_id)
) WITHOUT ROWID;
CREATE INDEX event_organizers_organizer ON event_organizers (organizer_id, event_id);

CREATE TABLE venues (
  post_id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  address TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  province TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  stateprovince TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  show_map INTEGER NOT NULL DEFAULT 1 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 1 CHECK (show_map_link IN (0, 1))
);

CREATE TABLE organizers (
  post_id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  phone TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT ''
);

CREATE TABLE terms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  taxonomy TEXT NOT NULL CHECK (taxonomy IN ('category','tag')),
  parent_id INTEGER REFERENCES terms (id) ON DELETE SET NULL,
  created_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL,
  rev INTEGER NOT NULL
);
CREATE INDEX terms_taxonomy_parent ON terms (taxonomy, parent_id);
CREATE INDEX terms_rev ON terms (rev);

CREATE TABLE term_texts (
  term_id INTEGER NOT NULL REFERENCES terms (id) ON DELETE CASCADE,
  taxonomy TEXT NOT NULL,
  language TEXT NOT NULL CHECK (${LANGUAGE_CHECK}),
  name TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  slug TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (term_id, language)
) WITHOUT ROWID;
CREATE UNIQUE INDEX term_texts_slug ON term_texts (taxonomy, language, slug) WHERE slug <> '';
CREATE INDEX term_texts_slug_any ON term_texts (taxonomy, slug);
CREATE INDEX term_texts_name ON term_texts (taxonomy, name COLLATE NOCASE);

CREATE TABLE event_terms (
  event_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  term_id INTEGER NOT NULL REFERENCES terms (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, term_id)
) WITHOUT ROWID;
CREATE INDEX event_terms_term ON event_terms (term_id, event_id);

-- The global change sequence: one row, bumped once per accepted write transaction.
CREATE TABLE change_counter (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seq INTEGER NOT NULL
);
INSERT INTO change_counter (id, seq) VALUES (1, 0);

CREATE TABLE tombstones (
  uuid TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('event','venue','organizer','category','tag')),
  record_id INTEGER NOT NULL,
  rev INTEGER NOT NULL,
  deleted_utc TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX tombstones_rev ON tombstones (rev);
`,
};
