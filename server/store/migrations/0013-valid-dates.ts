/**
 * 0013 — the store refuses a date that is not on the calendar. A sync push with
 * `start` 2027-02-30 was stored as "Invalid DateTime" (Luxon's answer), and a backup could bring
 * such a date in as it was. The write command refuses them (domain/posts/patch-dates.ts), and
 * triggers hold every door to the same rule here: an event's times (local and UTC copies, its
 * slot in a series) and a post's record dates must be `YYYY-MM-DD HH:MM:SS` on the calendar
 * (shared/time/datetime.ts `isDateTime`). Triggers, not CHECK constraints: SQLite adds a CHECK
 * only by rebuilding the table, a copy of every row of the two largest tables.
 *
 * `datetime(x) IS x` holds only for such a text, but SQLite reads hours up to 24: the hour is
 * checked apart. Rows stored before are put right first, in one revision (stamped on their
 * start, end, zone, slot and publication date, so replicas pull them and a stale edit of one is
 * a conflict): a date with a day past the month's end is carried over into the next month, as
 * PHP and the REST API read it (30 February is 2 March); an unreadable start or end ("Invalid
 * DateTime") takes the other; an event that lost both is put at its creation, in UTC. A post's
 * unreadable record date takes its creation (or the upgrade's time). The check reads every event
 * and post once: 0.6 s at a million events.
 */

/** The end of a trigger's refusal (store/date-refusals.ts reads it back). */
export const NOT_A_DATE = 'is not a date and time on the calendar';

/** Whether a column's text is a stored date and time (NULL passes: a column may be empty). */
const valid = (column: string) =>
  `(${column} IS NULL OR (datetime(${column}) IS ${column} AND substr(${column}, 12, 2) < '24'))`;

/** The text carried over as PHP reads it (30 February: 2 March; 24:00 the next day), or NULL. */
const carried = (column: string) => `datetime(${column}, '+0 seconds')`;

/** A trigger that refuses a row whose columns (by the record field each holds) are not dates. */
function refusal(name: string, when: string, columns: [field: string, column: string][]): string {
  const invalid = columns.map(([, column]) => `NOT ${valid(`new.${column}`)}`);
  const message = columns
    .map(
      ([field, column], index) =>
        `WHEN ${invalid[index]} THEN '${field} "' || new.${column} || '" ${NOT_A_DATE}'`,
    )
    .join(' ');
  return `CREATE TRIGGER ${name} ${when} WHEN ${invalid.join(' OR ')} BEGIN
  SELECT RAISE(ABORT, CASE ${message} END);
END;`;
}

const EVENT_COLUMNS: [string, string][] = [
  ['start', 'start_local'],
  ['end', 'end_local'],
  ['start', 'start_utc'],
  ['end', 'end_utc'],
  ['recurrenceId', 'recurrence_id'],
];
const POST_COLUMNS: [string, string][] = [
  ['date', 'date_utc'],
  ['created', 'created_utc'],
  ['modified', 'modified_utc'],
];

const invalidEvent = EVENT_COLUMNS.map(([, column]) => `NOT ${valid(column)}`).join(' OR ');
const invalidPost = POST_COLUMNS.map(([, column]) => `NOT ${valid(column)}`).join(' OR ');
const startReadable = `${valid('start_local')} AND ${valid('start_utc')}`;
const endReadable = `${valid('end_local')} AND ${valid('end_utc')}`;
const REPAIRED_EVENT = "post_id IN (SELECT id FROM repaired_dates WHERE kind = 'event')";
const NOW = "strftime('%Y-%m-%d %H:%M:%S', 'now')";
const SEQ = '(SELECT seq FROM change_counter WHERE id = 1)';

export const migration = {
  version: 13,
  name: 'valid-dates',
  sql: `
CREATE TEMP TABLE repaired_dates (id INTEGER PRIMARY KEY, kind TEXT NOT NULL);
INSERT INTO repaired_dates SELECT post_id, 'event' FROM events WHERE ${invalidEvent};
INSERT OR IGNORE INTO repaired_dates SELECT id, kind FROM posts WHERE ${invalidPost};

UPDATE posts SET
    created_utc = coalesce(${carried('created_utc')}, ${carried('modified_utc')}, ${carried('date_utc')}, ${NOW}),
    modified_utc = coalesce(${carried('modified_utc')}, ${carried('created_utc')}, ${NOW}),
    date_utc = coalesce(${carried('date_utc')}, ${carried('created_utc')}, ${NOW})
  WHERE id IN (SELECT id FROM repaired_dates) AND (${invalidPost});

UPDATE events SET
    start_local = coalesce(${carried('start_local')}, start_local),
    end_local = coalesce(${carried('end_local')}, end_local),
    start_utc = coalesce(${carried('start_utc')}, start_utc),
    end_utc = coalesce(${carried('end_utc')}, end_utc),
    recurrence_id = coalesce(${carried('recurrence_id')}, recurrence_id)
  WHERE ${REPAIRED_EVENT};
UPDATE events SET start_local = end_local, start_utc = end_utc
  WHERE ${REPAIRED_EVENT} AND NOT (${startReadable}) AND ${endReadable};
UPDATE events SET end_local = start_local, end_utc = start_utc
  WHERE ${REPAIRED_EVENT} AND ${startReadable} AND NOT (${endReadable});
UPDATE events SET (start_local, start_utc, end_local, end_utc, timezone) =
    (SELECT created_utc, created_utc, created_utc, created_utc, 'UTC' FROM posts WHERE id = events.post_id)
  WHERE ${REPAIRED_EVENT} AND NOT (${startReadable}) AND NOT (${endReadable});
UPDATE events SET recurrence_id = start_local WHERE ${REPAIRED_EVENT} AND NOT ${valid('recurrence_id')};

UPDATE change_counter SET seq = seq + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM repaired_dates);
UPDATE posts SET rev = ${SEQ}, field_revs = json_patch(field_revs, CASE kind
    WHEN 'event' THEN json_object('start', ${SEQ}, 'end', ${SEQ}, 'timezone', ${SEQ}, 'recurrenceId', ${SEQ}, 'date', ${SEQ})
    ELSE json_object('date', ${SEQ}) END)
  WHERE id IN (SELECT id FROM repaired_dates);
DROP TABLE temp.repaired_dates;

${refusal('event_dates_insert', 'BEFORE INSERT ON events', EVENT_COLUMNS)}
${refusal('event_dates_update', `BEFORE UPDATE OF ${EVENT_COLUMNS.map(([, column]) => column).join(', ')} ON events`, EVENT_COLUMNS)}
${refusal('post_dates_insert', 'BEFORE INSERT ON posts', POST_COLUMNS)}
${refusal('post_dates_update', `BEFORE UPDATE OF ${POST_COLUMNS.map(([, column]) => column).join(', ')} ON posts`, POST_COLUMNS)}
`,
};
