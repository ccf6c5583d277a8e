/**
 * `marquee/v1/site`: the venue's website as a peer (DESIGN §7a), what the editor's Settings →
 * Website and the header's state read and send. The connection is tested and previewed first
 * (nothing written on either side), then confirmed; then the server syncs by itself and says how
 * it goes; conflicts wait for the user's choice, field by field; a log says what was done.
 */
import { z } from 'zod';
import type { KINDS } from '../kinds/registry.ts';
import { languageSchema } from '../languages.ts';

export const siteConnectionSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .meta({ description: 'The website’s address, e.g. https://venue.example.' }),
  login: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ description: 'The WordPress user’s login name.' }),
  password: z.string().min(1).max(200).meta({
    description:
      'An application password of that user (WordPress: Users → Profile → Application Passwords). Never answered or logged.',
  }),
  language: languageSchema.optional().meta({
    description: 'The one language the website holds (default: the calendar’s default language).',
  }),
  confirm: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .default(false)
    .meta({
      description:
        'false (default): test the login and answer the first sync’s preview, writing nothing. true: connect, and run the first sync.',
    }),
});

export type SiteConnection = z.infer<typeof siteConnectionSchema>;

export const syncRequestSchema = z.object({
  dryRun: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .default(false)
    .meta({ description: 'true: say what a sync would do, and do none of it.' }),
});

export const logQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(200)
    .meta({ description: 'How many entries, newest first (at most 500 are kept).' }),
});

const FIELD_CHOICE = z.enum(['marquee', 'site']);

export const resolveSchema = z.object({
  id: z.coerce.number().int().positive(),
  keep: z.union([FIELD_CHOICE, z.record(z.string(), FIELD_CHOICE)]).meta({
    description:
      '"marquee" or "site" for every field of the conflict, or {"field": "marquee"|"site"} for each; a field left out keeps the website’s.',
  }),
});

export type ConflictChoice = z.infer<typeof resolveSchema>['keep'];

/** The header's state of the website (issue 38): what the user sees at a glance. */
export type SiteState =
  'not-connected' | 'up-to-date' | 'sending' | 'offline' | 'needs-decision' | 'cannot-log-in';

export type SiteProblemInfo = { code: string; message: string; at: string };

export type SiteStatus = {
  state: SiteState;
  /** Marquee's changes not on the website yet. */
  pending: number;
  /** Records waiting for a decision. */
  conflicts: number;
  /** A sync is under way. */
  syncing: boolean;
  lastSync: string | null;
  /** Why the last sync could not be done, until one is. */
  problem: SiteProblemInfo | null;
  pollSeconds: number;
  connection: {
    address: string;
    login: string;
    language: string;
    /** Whether the password is kept encrypted by the system (else in an owner-only file). */
    encrypted: boolean;
    site: { name: string; tecVersion: string | null; roles: string[]; warnings: string[] };
  } | null;
};

export type KindCounts = Record<(typeof KINDS)[number], number>;

/** The first sync's preview: nothing is written on either side until the user confirms. */
export type SitePreview = {
  site: KindCounts;
  calendar: KindCounts;
  /** Records found on both sides, by what (`matchedBy`): they become one. */
  same: KindCounts;
  matchedBy: Record<(typeof KINDS)[number], string>;
  /** Of those, how many differ in a field: each such field waits for the user's decision. */
  differing: KindCounts;
  toSite: KindCounts;
  toCalendar: KindCounts;
};

/** What "Test" says of the site (never the password). */
export type SiteInfo = {
  address: string;
  name: string;
  timezone: string;
  /** The Events Calendar's version, when the user may list plugins (administrators). */
  tecVersion: string | null;
  user: { login: string; name: string; roles: string[] };
  /** What the user's role may not do: cannot-publish, strips-html, cannot-edit-others. */
  warnings: string[];
};

/** The answer of a connection's test: the site, and the first sync's preview. */
export type SiteTest = { site: SiteInfo; preview: SitePreview };

export type SyncSummary = {
  sent: number;
  received: number;
  merged: number;
  conflicts: number;
  deleted: number;
};

export type SiteConflict = {
  id: number;
  kind: (typeof KINDS)[number];
  uuid: string;
  /** The record's name in Marquee. */
  name: string;
  /** Each field both sides changed: Marquee's value and the website's, as record values. */
  fields: Record<string, { marquee: unknown; site: unknown }>;
  created: string;
};

export type SiteLogEntry = {
  id: number;
  at: string;
  /** sent, received, merged, conflict, deleted, refused, problem, linked, connected… */
  action: string;
  kind: string | null;
  uuid: string | null;
  /** The record's id on the website. */
  remoteId: string | null;
  name: string | null;
  note: string | null;
};
