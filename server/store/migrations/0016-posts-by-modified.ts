/**
 * 0016 — `wp/v2` lists filtered by modification time (`modified_after`, `modified_before`, what a
 * website build asks for to fetch only what changed) find their posts in an index.
 *
 * Without it they read every post of the kind and status (posts_kind_status_date is ordered by
 * publication date) to compare each one's `modified_utc`: the whole calendar, for the handful a
 * build wants since its last run.
 */
export const migration = {
  version: 16,
  name: 'posts-by-modified',
  sql: `
CREATE INDEX posts_kind_status_modified ON posts (kind, status, modified_utc);
`,
};
