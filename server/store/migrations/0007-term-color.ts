/**
 * 0007 — a colour per category (the calendar draws its events in it). '' is "none chosen": the
 * editor then picks one from its palette by the category's uuid. TEC has no such field; it
 * travels in sync and backups, not in the TEC answers.
 */
export const migration = {
  version: 7,
  name: 'term-color',
  sql: `ALTER TABLE terms ADD COLUMN color TEXT NOT NULL DEFAULT '';`,
};
