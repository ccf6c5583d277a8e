/**
 * 0009 — lists in start order from an index alone.
 *
 * The listing index (0002) starts with the status, so it gives start order for one status only.
 * An editor's list asks for five (publish, future, draft, pending, private): SQLite then walked
 * `events_start` and read every row of the window for its status and end, 100 ms for the 40k
 * events of the default window at 100k, and 25 ms to skip to page 1,500. Carrying status, hidden
 * and end in `events_start` lets that walk stay in the index: 14 ms and 2 ms.
 */
export const migration = {
  version: 9,
  name: 'ordered-listing',
  sql: `
DROP INDEX events_start;
CREATE INDEX events_start ON events (start_utc, post_id, status, hide_from_listings, end_utc);
`,
};
