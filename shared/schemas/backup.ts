/**
 * A Marquee backup: the whole calendar as one JSON document, records in the shared multilingual
 * shape with their ids and uuids, every language, the trash included. Restoring it into an empty
 * calendar gives back the same API answers. Users are kept as authors only: tokens are never in
 * a backup (a backup file is easy to leak), so builds need new tokens after a restore.
 */
import { z } from 'zod';
import { dateTimeSchema, roleSchema } from './common.ts';
import { eventSchema } from './event.ts';
import { organizerSchema } from './organizer.ts';
import { settingsSchema } from './settings.ts';
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

export const backupSettingsSchema = settingsSchema.pick({
  timezone: true,
  defaultLanguage: true,
  publicUrls: true,
  currency: true,
});

/** The record lists of a backup, in the order a restore writes them (links point backwards). */
const termColor = termSchema.shape.color;

export const BACKUP_SECTIONS = [
  'users',
  'venues',
  'organizers',
  'categories',
  'tags',
  'events',
] as const;
export type BackupSection = (typeof BACKUP_SECTIONS)[number];

export const backupSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    /** When it was made (UTC) and by which Marquee. */
    created: dateTimeSchema,
    marquee: z.string().max(50),
    settings: backupSettingsSchema,
    users: z.array(backupUserSchema),
    venues: z.array(venueSchema),
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
  })
  .strict();

export type Backup = z.infer<typeof backupSchema>;
export type BackupUser = z.infer<typeof backupUserSchema>;
