/**
 * 0008 — recurring series. A series is an event with a rule (`recurrence`, JSON: rrule, rdates,
 * exdates); its occurrences are events whose `parent_id` is the series and whose
 * `recurrence_id` is the start the series gives them (their slot, local to the series' zone).
 * Lists show occurrences, not the series itself: the listing copy of its status
 * (`events.status`, 0002) is 'series', which no list asks for, so the listing index still
 * answers lists alone. Occurrences of a series are found by `events_parent`.
 */
export const migration = {
  version: 8,
  name: 'series',
  sql: `
ALTER TABLE events ADD COLUMN recurrence TEXT;
ALTER TABLE events ADD COLUMN recurrence_id TEXT;
CREATE INDEX events_series ON events (post_id) WHERE recurrence IS NOT NULL;
`,
};
