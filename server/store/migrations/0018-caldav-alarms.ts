/**
 * 0018 — a phone's reminders (VALARMs), kept aside per person: a reminder is one person's, not
 * the venue's, so it is not part of the event every door shows, yet the phone that set it must
 * find it again in its next GET. Per user and calendar object (its UID), the reminders of each
 * of its components (by RECURRENCE-ID, "" for the event or series itself), as JSON.
 */
export const migration = {
  version: 18,
  name: 'caldav-alarms',
  sql: `
CREATE TABLE caldav_alarms (
  user_id INTEGER NOT NULL,
  uid TEXT NOT NULL,
  alarms TEXT NOT NULL,
  PRIMARY KEY (user_id, uid)
) WITHOUT ROWID;
`,
};
