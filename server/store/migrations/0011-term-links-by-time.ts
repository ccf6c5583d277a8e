/**
 * 0011 — a category or tag filter over a window reads only the links in that window.
 *
 * `?categories=7&start_date=…&end_date=…` found the category's events through its links, then
 * read each event's row for its start and end: 7k rows for a category at 1M events, 18 ms,
 * twice (count and page), to keep the hundred of one month. The links now carry their event's
 * start and end, and their index orders a term's links by them, so the window is narrowed in
 * the index and only its events' rows are read. Triggers copy the times whichever way the event
 * or its links are written; bulk loads set them aside and copy once (bulk-load.ts).
 */
export const migration = {
  version: 11,
  name: 'term-links-by-time',
  sql: `
ALTER TABLE event_terms ADD COLUMN start_utc TEXT;
ALTER TABLE event_terms ADD COLUMN end_utc TEXT;
UPDATE event_terms SET (start_utc, end_utc) =
  (SELECT start_utc, end_utc FROM events WHERE post_id = event_terms.event_id);
DROP INDEX event_terms_term;
CREATE INDEX event_terms_term ON event_terms (term_id, start_utc, end_utc, event_id);

CREATE TRIGGER term_link_times AFTER INSERT ON event_terms BEGIN
  UPDATE event_terms SET (start_utc, end_utc) =
    (SELECT start_utc, end_utc FROM events WHERE post_id = new.event_id)
  WHERE event_id = new.event_id AND term_id = new.term_id;
END;
CREATE TRIGGER event_times_insert AFTER INSERT ON events BEGIN
  UPDATE event_terms SET start_utc = new.start_utc, end_utc = new.end_utc
  WHERE event_id = new.post_id;
END;
CREATE TRIGGER event_times_update AFTER UPDATE OF start_utc, end_utc ON events BEGIN
  UPDATE event_terms SET start_utc = new.start_utc, end_utc = new.end_utc
  WHERE event_id = new.post_id;
END;
`,
};
