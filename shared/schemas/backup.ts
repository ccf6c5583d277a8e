/**
 * A Marquee backup: the whole calendar as one JSON document, records in the shared multilingual
 * shape with their ids and uuids, every language, the trash included, and what ICS imports kept
 * beside events. Restoring it into an empty calendar gives back the same API answers and ICS
 * files. Users are kept as authors only: tokens are never in a backup (a backup file is easy to
 * leak), so builds need new tokens after a restore.
 */
import { z } from 'zod';
import { dateTimeSchema, roleSchema } from './common.ts';
import { eventSchema } from './event.ts';
import { organizerSchema } from './organizer.ts';
import { calendarSettingsSchema } from './settings.ts';
import { termSchema } from './term.ts';
import { venueSchema } from './venue.ts';

export const BACKUP_FORMAT = 'marquee-backup';
export const BACKUP_VERSION = 1;

export const backupUserSchema = z.object({
  id: z.int().positive(),
  name: z.string().max(200),
  role: roleSchema,
  created: dateTimeSchema,
  revoked: dateTimeSchema.nullable(),
});

/**
 * Kept lines as an ICS import stores them: one unfolded content line each (a name, then `;` or
 * `:`). Only what an import could never store is refused (a line feed, a folded line): other
 * controls an import kept must restore too, and exports leave such lines out anyway.
 */
const keptLine = z
  .string()
  .regex(/^(?![ \t])[^\n]*[;:][^\n]*$/, 'must be one unfolded ICS content line (NAME:value)');
const keptRecurrenceLine = keptLine.regex(
  /^(RRULE|RDATE|EXDATE)[;:]/i,
  'must be an RRULE, RDATE or EXDATE line',
);
/** A UID as kept: one line, "" when the imported VEVENT had none. */
const keptUid = z.string().regex(/^[^\n]*$/, 'must be one line');

/**
 * What an ICS import kept beside one event (the event_ical table), named by the event's uuid.
 * `revisionsSinceImport`: how many change-log revisions the event is past its import; a restore
 * keeps that distance, so SEQUENCE and "unchanged since the import" read as before.
 */
export const backupIcalSchema = z
  .object({
    eventUuid: z.uuid(),
    uid: keptUid,
    seriesUid: keptUid.nullable(),
    // As the file said: imports keep any integer there.
    sequence: z.int(),
    revisionsSinceImport: z.int().nonnegative(),
    recurrence: z.array(keptRecurrenceLine),
    extra: z.array(keptLine),
  })
  .strict();

const termColor = termSchema.shape.color;

/** The lists of a backup, in the order a restore writes them (links point backwards). */
export const BACKUP_SECTIONS = [
  'users',
  'venues',
  'organizers',
  'categories',
  'tags',
  'events',
  'ical',
] as const;
export type BackupSection = (typeof BACKUP_SECTIONS)[number];

export const backupSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    /** When it was made (UTC) and by which Marquee. */
    created: dateTimeSchema,
    marquee: z.string().max(50),
    settings: calendarSettingsSchema,
    users: z.array(backupUserSchema),
    // Backups from before buffers and booking rules: none, and warn.
    venues: z.array(
      venueSchema.extend({
        bufferBefore: venueSchema.shape.bufferBefore.default(0),
        bufferAfter: venueSchema.shape.bufferAfter.default(0),
        booking: venueSchema.shape.booking.default('warn'),
      }),
    ),
    organizers: z.array(organizerSchema),
    // Backups from before terms had a colour restore with none chosen.
    categories: z.array(
      termSchema.extend({ taxonomy: z.literal('category'), color: termColor.default('') }),
    ),
    tags: z.array(termSchema.extend({ taxonomy: z.literal('tag'), color: termColor.default('') })),
    // Backups from before series have no rules and no occurrences.
    events: z.array(
      eventSchema.extend({
        recurrence: eventSchema.shape.recurrence.default(null),
        recurrenceId: eventSchema.shape.recurrenceId.default(null),
      }),
    ),
    // Backups from before this section restore as before it: without kept ICS data.
    ical: z.array(backupIcalSchema).default([]),
  })
  .strict();

export type Backup = z.infer<typeof backupSchema>;
export type BackupUser = z.infer<typeof backupUserSchema>;
export type BackupIcal = z.infer<typeof backupIcalSchema>;
