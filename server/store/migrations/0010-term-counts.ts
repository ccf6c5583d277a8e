/**
 * 0010 — each term's published-event count kept on the term, as WordPress keeps
 * `term_taxonomy.count`.
 *
 * Every event answer embeds its categories' and tags' counts, so after each write the first page
 * counted them again: a join over every event of the term, about 0.9 ms a term at 100k events,
 * and 5 of 12 s in a profiled mix of reads and writes. Triggers keep the count in the same
 * transaction as the write that changes it, whichever door the write came through (REST, sync,
 * import, the publish scheduler), so no service can forget it. A post's links to terms are
 * removed before the post itself, so the count still sees the post's status (the cascade would
 * remove them after the post is gone). Bulk loads set the triggers aside and count once
 * (bulk-load.ts).
 */
export const migration = {
  version: 10,
  name: 'term-counts',
  sql: `
ALTER TABLE terms ADD COLUMN published_events INTEGER NOT NULL DEFAULT 0;
UPDATE terms SET published_events = (
  SELECT COUNT(*) FROM event_terms et JOIN posts p ON p.id = et.event_id
  WHERE et.term_id = terms.id AND p.status = 'publish');

CREATE TRIGGER term_count_link AFTER INSERT ON event_terms
WHEN (SELECT status FROM posts WHERE id = new.event_id) = 'publish' BEGIN
  UPDATE terms SET published_events = published_events + 1 WHERE id = new.term_id;
END;
CREATE TRIGGER term_count_unlink AFTER DELETE ON event_terms
WHEN (SELECT status FROM posts WHERE id = old.event_id) = 'publish' BEGIN
  UPDATE terms SET published_events = published_events - 1 WHERE id = old.term_id;
END;
CREATE TRIGGER term_count_status AFTER UPDATE OF status ON posts
WHEN (old.status = 'publish') <> (new.status = 'publish') BEGIN
  UPDATE terms SET published_events = published_events + iif(new.status = 'publish', 1, -1)
  WHERE id IN (SELECT term_id FROM event_terms WHERE event_id = new.id);
END;
CREATE TRIGGER term_count_delete BEFORE DELETE ON posts WHEN old.kind = 'event' BEGIN
  DELETE FROM event_terms WHERE event_id = old.id;
END;
`,
};
