/**
 * 0003 — what sync needs.
 *
 * - `field_revs` on posts and terms: the change sequence number at which each field last changed
 *   (translatable fields per language, "title.de"), so a push based on an old revision can still
 *   be applied when it touches only fields nobody changed since (field-level merge).
 * - `sync_clients`: the last mutation each client had applied, for idempotent pushes.
 * - `sync_revs`: which client's push made a revision, so a client's later mutations never
 *   conflict with its own earlier changes (it built on them).
 * - `sync_results`: each mutation's result, so a push sent again after a lost answer gets the
 *   same answer (a refusal or conflict must reach the client to be shown).
 * - `sync_state.tombstone_horizon`: tombstones older than this were purged; a pull from before it
 *   cannot be answered (409) and the client fetches everything again.
 */
export const migration = {
  version: 3,
  name: 'sync',
  sql: `
ALTER TABLE posts ADD COLUMN field_revs TEXT NOT NULL DEFAULT '{}';
ALTER TABLE terms ADD COLUMN field_revs TEXT NOT NULL DEFAULT '{}';

CREATE TABLE sync_clients (
  client_id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  last_mutation_id INTEGER NOT NULL,
  updated_utc TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE sync_revs (
  rev INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL
);

CREATE TABLE sync_results (
  client_id TEXT NOT NULL,
  mutation_id INTEGER NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (client_id, mutation_id)
) WITHOUT ROWID;

CREATE TABLE sync_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO sync_state (key, value) VALUES ('tombstone_horizon', '0');
`,
};
