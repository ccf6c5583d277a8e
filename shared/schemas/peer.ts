/**
 * The shapes both peers (the website, `marquee/v1/site`, and the hub, `marquee/v1/hub`) answer
 * and read alike: a yes/no flag as a form or a query sends it, a count per kind, the state's
 * common fields, a conflict's frame, what a pass did, and a line of the sync log. Each peer's
 * schema builds on these, so the two cannot drift apart; the wire is what it was before they
 * were shared (the same fields, in the same order).
 */
import { z } from 'zod';
import type { KINDS } from '../kinds/registry.ts';

/** true/false as JSON, a form or a query string sends it ("1", "true"…); absent: false. */
export const flagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1')
  .default(false);

const KIND = z.enum(['event', 'venue', 'organizer', 'category', 'tag']);

/** A number per kind of record: a preview's column. */
export const kindCountsSchema = z.object({
  event: z.number(),
  venue: z.number(),
  organizer: z.number(),
  category: z.number(),
  tag: z.number(),
});

export type KindCounts = Record<(typeof KINDS)[number], number>;

/** Why the last pass could not be done, until one is. */
const problemInfoSchema = z.object({ code: z.string(), message: z.string(), at: z.string() });

export type PeerProblemInfo = z.infer<typeof problemInfoSchema>;

/** The states every peer has, as the header shows them; a peer may have more of its own. */
const PEER_STATES = [
  'not-connected',
  'up-to-date',
  'sending',
  'offline',
  'needs-decision',
  'cannot-log-in',
] as const;

/** The fields every peer's state starts with, in this order; `own`: the peer's other states. */
export function peerStatusFields<const S extends readonly string[]>(own: S) {
  return {
    state: z.enum([...PEER_STATES, ...own]),
    /** This calendar's changes the peer has not taken yet. */
    pending: z.number(),
    /** Records waiting for a decision. */
    conflicts: z.number(),
    /** A pass is under way. */
    syncing: z.boolean(),
    lastSync: z.string().nullable(),
    problem: problemInfoSchema.nullable(),
  };
}

/**
 * A decision on a conflict: `mine` or `theirs` (the peer's names of the two sides) for every
 * field, or one for each field; `description` says which a field left out keeps.
 */
export function peerResolveSchema<const M extends string, const T extends string>(
  mine: M,
  theirs: T,
  description: string,
) {
  const choice = z.enum([mine, theirs]);
  return z.object({
    id: z.coerce.number().int().positive(),
    keep: z.union([choice, z.record(z.string(), choice)]).meta({ description }),
  });
}

/**
 * A record both sides changed, field by field: `sides` is what each field holds on each side
 * (named by the peer), `extra` what the peer says besides, before `created`.
 */
export function peerConflictSchema<Sides extends z.ZodType, Extra extends z.ZodRawShape>(
  sides: Sides,
  extra: Extra,
) {
  return z.object({
    id: z.number(),
    kind: KIND,
    uuid: z.string(),
    /** The record's name in this calendar. */
    name: z.string(),
    fields: z.record(z.string(), sides),
    ...extra,
    created: z.string(),
  });
}

/** What a pass did: counted by what happened to each record. */
export const syncSummarySchema = z.object({
  sent: z.number(),
  received: z.number(),
  merged: z.number(),
  conflicts: z.number(),
  deleted: z.number(),
});

export type SyncSummary = z.infer<typeof syncSummarySchema>;

/** GET …/log: how many lines. */
export const logQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(200)
    .meta({ description: 'How many entries, newest first (at most 500 are kept).' }),
});

/**
 * Why a log entry was written: a key under the locales' `website.notes` and its values; a list
 * is of record field names (each said as the field's label), a text is said as it is (a
 * message of the peer's, an address).
 */
export const peerLogDetailSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});

export type PeerLogDetail = z.infer<typeof peerLogDetailSchema>;

/** A line of a peer's sync log. */
export const peerLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** sent, received, merged, conflict, deleted, refused, problem, linked, connected… */
  action: z.string(),
  kind: z.string().nullable(),
  uuid: z.string().nullable(),
  /** The record's id on the website. */
  remoteId: z.string().nullable(),
  name: z.string().nullable(),
  /** Why, in English (the command line's, and an API client's). */
  note: z.string().nullable(),
  /** Why, for the editor to say in its language (shared/sync/site-log-note.ts). */
  detail: peerLogDetailSchema.nullable(),
});

export type PeerLogEntry = z.infer<typeof peerLogEntrySchema>;
