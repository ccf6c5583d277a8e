/**
 * `marquee/v1/site`: the venue's website as a peer, what the editor's Settings →
 * Website and the header's state read and send. The connection is tested and previewed first
 * (nothing written on either side), then confirmed; then the server syncs by itself and says how
 * it goes; conflicts wait for the user's choice, field by field; a log says what was done.
 */
import { z } from 'zod';
import { languageSchema } from '../languages.ts';
import {
  flagSchema,
  kindCountsSchema,
  peerConflictSchema,
  peerResolveSchema,
  peerStatusFields,
  syncSummarySchema,
} from './peer.ts';

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
  insecure: flagSchema.meta({
    description:
      'true: allow plain http to an address that is not this machine (the application password would travel unencrypted).',
  }),
  confirm: flagSchema.meta({
    description:
      'false (default): test the login and answer the first sync’s preview, writing nothing. true: connect, and run the first sync.',
  }),
});

export type SiteConnection = z.infer<typeof siteConnectionSchema>;

export const syncRequestSchema = z.object({
  dryRun: flagSchema.meta({ description: 'true: say what a sync would do, and do none of it.' }),
});

export const resolveSchema = peerResolveSchema(
  'marquee',
  'site',
  '"marquee" or "site" for every field of the conflict, or {"field": "marquee"|"site"} for each; a field left out keeps the website’s.',
);

export type ConflictChoice = z.infer<typeof resolveSchema>['keep'];

/** GET /site: the state, the connection (never the password), the last problem. */
export const siteStatusSchema = z.object({
  ...peerStatusFields([]),
  pollSeconds: z.number(),
  /**
   * The hub's address when this calendar is on a hub: the website is the hub's, and this state,
   * its conflicts and its log are the hub's, relayed (null: the calendar's own connection).
   */
  via: z.string().nullable(),
  connection: z
    .object({
      address: z.string(),
      login: z.string(),
      language: z.string(),
      /** Whether the password is kept encrypted by the system (else in an owner-only file). */
      encrypted: z.boolean(),
      /** The password goes over plain http to another machine, as the user allowed. */
      insecure: z.boolean(),
      site: z.object({
        name: z.string(),
        tecVersion: z.string().nullable(),
        roles: z.array(z.string()),
        warnings: z.array(z.string()),
      }),
    })
    .nullable(),
});

export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** The first sync's preview: nothing is written on either side until the user confirms. */
/** A pair of records found on both sides: its name here and on the site (an event's start). */
const matchedPairSchema = z.object({
  kind: z.enum(['event', 'venue', 'organizer', 'category', 'tag']),
  calendar: z.string(),
  site: z.string(),
  /** An event's: the wall time both sides share (`YYYY-MM-DD HH:MM:SS`). */
  start: z.string().optional(),
});

/** The number of pairs `matched` names at most, per kind; `same` counts them all. */
export const MATCHED_LISTED = 50;

const sitePreviewSchema = z.object({
  site: kindCountsSchema,
  /**
   * Records here, a series as one event. What goes to the site (`same`, `toSite`) counts
   * posts: a series goes as its occurrences, each an event of its own to TEC without Pro.
   */
  calendar: kindCountsSchema,
  /** The calendar's series, each with the occurrences it goes to the site as. */
  series: z.array(z.object({ name: z.string(), occurrences: z.int() })),
  /** The pairs `same` counts, by kind, at most `MATCHED_LISTED` of each. */
  matched: z.array(matchedPairSchema),
  /** Records found on both sides, by what (`matchedBy`): they become one. */
  same: kindCountsSchema,
  matchedBy: z.object({
    event: z.string(),
    venue: z.string(),
    organizer: z.string(),
    category: z.string(),
    tag: z.string(),
  }),
  /** Of those, how many differ in a field: each such field waits for the user's decision. */
  differing: kindCountsSchema,
  toSite: kindCountsSchema,
  toCalendar: kindCountsSchema,
});

export type SitePreview = z.infer<typeof sitePreviewSchema>;

/** What "Test" says of the site (never the password). */
const siteInfoSchema = z.object({
  address: z.string(),
  name: z.string(),
  timezone: z.string(),
  /** The Events Calendar's version, when the user may list plugins (administrators). */
  tecVersion: z.string().nullable(),
  user: z.object({ login: z.string(), name: z.string(), roles: z.array(z.string()) }),
  /** What the user's role may not do: cannot-publish, strips-html, cannot-edit-others. */
  warnings: z.array(z.string()),
  /** The password goes over plain http to another machine, as the user allowed (`insecure`). */
  insecure: z.boolean(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** The answer of a connection's test: the site, and the first sync's preview. */
export const siteTestSchema = z.object({ site: siteInfoSchema, preview: sitePreviewSchema });

export type SiteTest = z.infer<typeof siteTestSchema>;

/** PUT /site with confirm, and POST /site/sync: what the sync did, and the state after it. */
export const syncAnswerSchema = z.object({ summary: syncSummarySchema, status: siteStatusSchema });

export const siteConflictSchema = peerConflictSchema(
  /** Each field as the editor shows it (a venue's region is one): Marquee's value and the website's. */
  z.object({ marquee: z.unknown(), site: z.unknown() }),
  {
    /**
     * The two sides never agreed on these fields (records a first sync found to be one): each
     * holds its own value, neither was changed since a sync.
     */
    neverAgreed: z.boolean(),
  },
);

export type SiteConflict = z.infer<typeof siteConflictSchema>;

/** A record's link to the website, as a laptop hands it to its hub (the bookkeeping of a pass). */
const siteLinkSchema = z.object({
  kind: z.enum(['event', 'venue', 'organizer', 'category', 'tag']),
  uuid: z.string().min(1).max(64),
  remoteId: z.string().min(1).max(64),
  remoteVersion: z.string().max(200).nullable(),
  /** The two sides as they last agreed (JSON views), so the hub merges from there. */
  baseLocal: z.string().max(1_000_000).nullable(),
  baseRemote: z.string().max(1_000_000).nullable(),
});

export type SiteLink = z.infer<typeof siteLinkSchema>;

/** POST sync/site/links: a laptop's links to the website at `address`, for its hub to adopt. */
export const siteLinksSchema = z.object({
  address: z.string().min(1).max(2048),
  links: z.array(siteLinkSchema).max(500),
});

/** What the hub did with them: kept, until a pass with that website adopts them. */
export const siteLinksAnswerSchema = z.object({ kept: z.number() });

export type SiteLinksAnswer = z.infer<typeof siteLinksAnswerSchema>;
