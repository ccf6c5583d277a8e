/**
 * What an ICS import keeps beside an event so exporting it gives back what came in: its UID
 * (re-imports match on it), SEQUENCE, a series' recurrence lines (on its first occurrence; the
 * other occurrences name the series) and the properties Marquee has no field for.
 */
export const migration = {
  version: 4,
  name: 'event-ical',
  sql: `
CREATE TABLE event_ical (
  post_id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  series_uid TEXT,
  sequence INTEGER NOT NULL DEFAULT 0,
  imported_rev INTEGER NOT NULL,
  recurrence TEXT NOT NULL DEFAULT '[]',
  extra TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX event_ical_uid ON event_ical (uid);
`,
};
