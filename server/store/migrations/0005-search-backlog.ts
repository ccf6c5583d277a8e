/**
 * 0005 — a search index that is filled after a large load commits (store/search-backlog.ts).
 * A bulk load writes its texts without indexing them and leaves a row here; until the row is
 * gone, event searches scan the texts instead of using `event_search`, so they stay right,
 * only slower. `next_post_id`: texts of events from this id on may still be missing from the
 * index (the fill goes up the ids and resumes there after a restart).
 */
export const migration = {
  version: 5,
  name: 'search-backlog',
  sql: `
CREATE TABLE event_search_backlog (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_post_id INTEGER NOT NULL
);
`,
};
