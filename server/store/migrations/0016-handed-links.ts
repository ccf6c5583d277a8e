/**
 * 0016 — links to the website handed to this calendar by a laptop that joins it as its hub
 * (server/peers/handed-links.ts): a record's uuid and its post id on the website at `address`,
 * with the two sides as they last agreed there. They wait here until this calendar syncs with
 * that website and has the record (a laptop sends them before its records), then become the
 * website peer's own (`peer_records`) and leave; so a record trashed while a laptop synced with
 * the website is untrashed there, not made again, when it is restored after the hub took over.
 */
export const migration = {
  version: 16,
  name: 'handed-links',
  sql: `
CREATE TABLE handed_links (
  address TEXT NOT NULL,
  kind TEXT NOT NULL,
  uuid TEXT NOT NULL,
  remote_id TEXT NOT NULL,
  remote_version TEXT,
  base_local TEXT,
  base_remote TEXT,
  received_utc TEXT NOT NULL,
  PRIMARY KEY (address, kind, uuid)
);
`,
};
