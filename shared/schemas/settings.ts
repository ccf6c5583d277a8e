/**
 * Calendar settings, kept in `settings.json` in the data directory. The server validates the
 * file with this schema; the settings screen edits it through the API.
 */
import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageSchema } from '../languages.ts';
import { currentZoneName } from '../time/zone-catalogue.ts';
import { timeZoneSchema } from './common.ts';

const DEFAULT_PORT = 8787;

/** A public page URL pattern: `{slug}` and `{id}` are replaced, e.g. https://venue.example/events/{slug}/ */
const urlPatternSchema = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL pattern')
  .refine(
    (value) => value.includes('{slug}') || value.includes('{id}'),
    'must contain {slug} or {id}',
  );

/**
 * The calendar's currency: how a cost that names no symbol is shown ("10" → "$10"), as TEC's
 * defaultCurrencySymbol, reverseCurrencyPosition and defaultCurrencyCode settings do.
 */
export const currencySchema = z.object({
  /** Kept as typed: " kr" puts a space between the number and a symbol after it. */
  symbol: z
    .string()
    .max(8)
    .refine((symbol) => symbol.trim() !== '', 'must not be empty'),
  position: z.enum(['prefix', 'postfix']),
  /** ISO 4217, for schema.org offers; "" when not said. */
  code: z.union([
    z.literal(''),
    z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code'),
  ]),
});

export const DEFAULT_CURRENCY = { symbol: '$', position: 'prefix', code: 'USD' } as const;

/** What a calendar is called when nobody named it. */
export const DEFAULT_CALENDAR_NAME = 'Marquee';

export const settingsSchema = z.object({
  /**
   * The calendar's name: the heading of a printed programme and the name calendar apps show for
   * its ICS export and feed (`X-WR-CALNAME`).
   */
  name: z.string().trim().min(1).max(120).default(DEFAULT_CALENDAR_NAME),
  /** The calendar's time zone: default zone of new events, and the zone of list date filters. */
  timezone: timeZoneSchema,
  defaultLanguage: languageSchema.default(DEFAULT_LANGUAGE),
  /** Port of the API in the desktop app (fixed so website builds have a stable URL). */
  port: z.int().min(1).max(65535).default(DEFAULT_PORT),
  /** Public page of each kind on the venue's website; records link there in `url`. */
  publicUrls: z
    .object({
      event: urlPatternSchema,
      venue: urlPatternSchema,
      organizer: urlPatternSchema,
      category: urlPatternSchema,
      tag: urlPatternSchema,
    })
    .partial()
    .default({}),
  currency: currencySchema.default({ ...DEFAULT_CURRENCY }),
  /** Host names (besides loopback names and IP addresses) the server answers to. */
  allowedHosts: z.array(z.string().min(1)).default([]),
  /** Origins allowed to send credentialed cross-origin requests (writes). */
  allowedOrigins: z.array(z.url()).default([]),
  /** Whether drafts and pending events hold their venue (count in double bookings). */
  clashHolds: z.boolean().default(true),
  /**
   * Whether someone chose the zone, language and currency a new calendar starts with (the
   * editor's welcome). A file from before the welcome existed has been in use: it counts as set.
   */
  confirmed: z.boolean().default(true),
  /**
   * When the calendar's own settings (calendarSettingsSchema) last changed (UTC, ISO 8601), where
   * that change was made: with a hub, the newest change wins on every side. Absent: never
   * changed since the file was made.
   */
  calendarChanged: z.iso.datetime().optional(),
  /**
   * Whether the desktop app on this machine looks for, downloads and installs its updates by
   * itself (shared/updates/update-policy.ts). Each machine's own, as its port is.
   */
  autoUpdate: z.boolean().default(true),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * The settings that define the calendar, the same on every laptop of a hub and in a backup: its
 * name, its zone, its default language, its currency and its public pages. The rest are each machine's
 * own (its port, the hosts and origins it answers to).
 */
export const calendarSettingsSchema = settingsSchema.pick({
  name: true,
  timezone: true,
  defaultLanguage: true,
  currency: true,
  publicUrls: true,
  clashHolds: true,
});

/**
 * `marquee/v1/sync/settings`: a server's calendar settings, whether someone set them (its
 * welcome was done), and when they last changed; the same shape offers a laptop's to its hub.
 */
export const calendarStateSchema = z.object({
  settings: calendarSettingsSchema,
  set: z.boolean(),
  changed: z.iso.datetime().nullable(),
});

export type CalendarState = z.infer<typeof calendarStateSchema>;

/** The zone of the machine, under its current IANA name: the default for a new calendar. */
export function systemTimeZone(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * A change to some settings (through the API, or a start flag): any of the fields, checked the
 * same way, with no defaults (a field left out stays as it is).
 */
const fields = settingsSchema.shape;
export const settingsUpdateSchema = z
  .object({
    name: fields.name.unwrap(),
    timezone: fields.timezone,
    defaultLanguage: fields.defaultLanguage.unwrap(),
    port: fields.port.unwrap(),
    publicUrls: fields.publicUrls.unwrap(),
    currency: fields.currency.unwrap(),
    allowedHosts: fields.allowedHosts.unwrap(),
    allowedOrigins: fields.allowedOrigins.unwrap(),
    confirmed: fields.confirmed.unwrap(),
    autoUpdate: fields.autoUpdate.unwrap(),
    clashHolds: fields.clashHolds.unwrap(),
  })
  .partial()
  .strict();

export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** `GET marquee/v1/settings`: the settings in force, and which of them a start flag overrides. */
export const settingsReplySchema = z.object({
  settings: settingsSchema,
  /** Set for this run by a command-line flag: saving them changes the file, not this run. */
  overridden: z.array(z.string()),
  /** The port this run listens on; `settings.port` is the one a start without `--port` uses. */
  listeningPort: z.int().optional(),
});

export type SettingsReply = z.infer<typeof settingsReplySchema>;
