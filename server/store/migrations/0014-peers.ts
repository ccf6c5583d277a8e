/**
 * 0014 — peers: the venue's website, with which the calendar replicates
 * (server/peers/).
 *
 * - `peers`: the connection (address, the API's root, the login; never the password, which is
 *   kept apart: server/peers/site-secret.ts), the one language the site holds, what the
 *   connection's test said of the site, how far Marquee's change log has been handled (`cursor`)
 *   and the site's (`watermarks`, per kind), and how the last pass ended.
 * - `peer_records`: each record the site holds: its id and version there, the revision of
 *   Marquee's record the two sides last agreed at, and the two bases of the three-way merge
 *   (the record as Marquee projected it, and as the site gave it, then); `intent` is a write sent
 *   to the site whose answer is not stored yet (after a crash, the next pass looks for what it
 *   made before sending it again).
 * - `peer_conflicts`: fields changed on both sides since they last agreed, to different values,
 *   until the user decides.
 * - `peer_log`: what each pass sent, received, merged, refused and why (the last few hundred).
 */
export const migration = {
  version: 14,
  name: 'peers',
  sql: `
CREATE TABLE peers (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  address TEXT NOT NULL,
  api_root TEXT NOT NULL,
  login TEXT NOT NULL,
  language TEXT NOT NULL,
  connected INTEGER NOT NULL DEFAULT 1,
  trusts_raw INTEGER NOT NULL DEFAULT 0,
  site TEXT NOT NULL DEFAULT '{}',
  cursor INTEGER NOT NULL DEFAULT 0,
  watermarks TEXT NOT NULL DEFAULT '{}',
  last_full_utc TEXT,
  last_sync_utc TEXT,
  last_problem TEXT,
  created_utc TEXT NOT NULL
);

CREATE TABLE peer_records (
  peer_id INTEGER NOT NULL REFERENCES peers (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  uuid TEXT NOT NULL,
  remote_id TEXT,
  remote_version TEXT,
  local_rev INTEGER NOT NULL DEFAULT 0,
  base_local TEXT,
  base_remote TEXT,
  intent TEXT,
  PRIMARY KEY (peer_id, kind, uuid)
) WITHOUT ROWID;
CREATE UNIQUE INDEX peer_records_remote ON peer_records (peer_id, kind, remote_id)
  WHERE remote_id IS NOT NULL;
CREATE INDEX peer_records_flagged ON peer_records (peer_id)
  WHERE intent IS NOT NULL OR local_rev < 0;

CREATE TABLE peer_conflicts (
  id INTEGER PRIMARY KEY,
  peer_id INTEGER NOT NULL REFERENCES peers (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  uuid TEXT NOT NULL,
  fields TEXT NOT NULL,
  created_utc TEXT NOT NULL,
  UNIQUE (peer_id, kind, uuid)
);

CREATE TABLE peer_log (
  id INTEGER PRIMARY KEY,
  peer_id INTEGER NOT NULL REFERENCES peers (id) ON DELETE CASCADE,
  at_utc TEXT NOT NULL,
  action TEXT NOT NULL,
  kind TEXT,
  uuid TEXT,
  remote_id TEXT,
  name TEXT,
  note TEXT
);
`,
};
