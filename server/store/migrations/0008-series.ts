/**
 * 0008 — recurring series. A series is an event with a rule (`recurrence`, JSON: rrule, rdates,
 * exdates); its occurrences are events whose `parent_id` is the series and whose
 * `recurrence_id` is the start the series gives them (their slot, local to the series' zone).
 * Lists show occurrences, not the series itself: the listing copy of its status
 * (`events.status`, 0002) is 'series', which no list asks for, so the listing index still
 * answers lists alone. `events_series` finds the series, `events_occurrences` their occurrences
 * and each one's last slot (the daily horizon check reads only that).
 */
export const migration = {
  version: 8,
  name: 'series',
  sql: `
ALTER TABLE events ADD COLUMN recurrence TEXT;
ALTER TABLE events ADD COLUMN recurrence_id TEXT;
CREATE INDEX events_series ON events (post_id) WHERE recurrence IS NOT NULL;
CREATE INDEX events_occurrences ON events (parent_id, recurrence_id) WHERE recurrence_id IS NOT NULL;
`,
};
