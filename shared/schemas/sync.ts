/**
 * The sync protocol between the renderer's replica and the server. Records travel in
 * the internal multilingual shape of the shared schemas; a mutation carries a patch of the same
 * shape. Pull checkpoints are opaque strings ("rev" or "rev.source.id" inside a large change).
 */
import { z } from 'zod';
import { KIND, KINDS, type Kind } from '../kinds/registry.ts';
import { SCOPES } from '../series/occurrences.ts';
import { errorEnvelopeSchema } from '../tec/envelope.ts';
import { eventSchema } from './event.ts';
import { organizerSchema } from './organizer.ts';
import { termSchema } from './term.ts';
import { venueSchema } from './venue.ts';

const syncKindSchema = z.enum(KINDS);

const mutationBase = {
  /** Increasing per client; a mutation at or below the client's last applied one is skipped. */
  mutationId: z.int().positive(),
  /** create: the new record's uuid (chosen by the client); update/delete: the record's. */
  uuid: z.uuid(),
  /** The record's revision the client edited (0 for a create). */
  baseRev: z.int().nonnegative(),
  /** create and update set fields; delete removes the record for good (trash is a status). */
  op: z.enum(['create', 'update', 'delete']),
};

/**
 * An update or delete of an occurrence: what else it changes (its series from it on, or all of
 * it), as over REST. Absent: this occurrence alone.
 */
const scope = z.enum(SCOPES).optional();

export const mutationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    fields: KIND.event.patch,
    scope,
    /**
     * The writer books a strict venue anyway, as `marquee_book_anyway=1` over REST: honoured
     * for editors and admins, refused (409 marquee_venue_busy) for the others.
     */
    bookAnyway: z.literal(true).optional(),
    ...mutationBase,
  }),
  z.object({ kind: z.literal('venue'), fields: KIND.venue.patch, ...mutationBase }),
  z.object({ kind: z.literal('organizer'), fields: KIND.organizer.patch, ...mutationBase }),
  z.object({ kind: z.literal('category'), fields: KIND.category.patch, ...mutationBase }),
  z.object({ kind: z.literal('tag'), fields: KIND.tag.patch, ...mutationBase }),
]);

export type Mutation = z.infer<typeof mutationSchema>;

/**
 * The calendar a replica mirrors (a pull's `calendar`): sent with each pull and push, so a server
 * that now serves another calendar at the same address refuses (409) rather than mixing the two.
 * A replica that never pulled sends none.
 */
const calendarIdSchema = z.uuid();

export const pushRequestSchema = z.object({
  clientId: z.string().regex(/^[\w-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _'),
  calendar: calendarIdSchema.optional(),
  mutations: z.array(mutationSchema).max(500),
});

export type PushRequest = z.infer<typeof pushRequestSchema>;

export const syncRecordSchema = z.union([eventSchema, venueSchema, organizerSchema, termSchema]);

export type SyncRecord = z.infer<typeof syncRecordSchema>;

/** A stored record in the shared schema's shape: the server's extra keys (link ids…) dropped. */
export function toSyncRecord(kind: Kind, record: object): SyncRecord {
  const keys = Object.keys(KIND[kind].schema.shape);
  const source = record as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as SyncRecord;
}

export const pushResultSchema = z.object({
  mutationId: z.int(),
  status: z.enum(['applied', 'conflict', 'rejected']),
  /** applied: the record's new revision. */
  rev: z.int().optional(),
  /** conflict: the server's record (null when it was deleted). */
  record: syncRecordSchema.nullable().optional(),
  /** rejected: why, in the API's error envelope. */
  error: errorEnvelopeSchema.optional(),
});

export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = z.object({
  lastMutationId: z.int().nonnegative(),
  checkpoint: z.string(),
  results: z.array(pushResultSchema),
});

export type PushResponse = z.infer<typeof pushResponseSchema>;

/** `rev`, or a page's `rev.source.id`, which a pull that began at 0 marks `0:`. */
const CHECKPOINT = /^(\d+|(0:)?\d+\.\d\.\d+)$/;

export const pullQuerySchema = z.object({
  since: z
    .string()
    .regex(CHECKPOINT, 'must be a checkpoint from an earlier pull, or 0')
    .default('0'),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  clientId: pushRequestSchema.shape.clientId.optional(),
  calendar: calendarIdSchema.optional(),
});

export type PullQuery = z.infer<typeof pullQuerySchema>;

const tombstoneSchema = z.object({ kind: syncKindSchema, uuid: z.uuid(), rev: z.int() });

export const pullResponseSchema = z.object({
  records: z.object({
    event: z.array(eventSchema),
    venue: z.array(venueSchema),
    organizer: z.array(organizerSchema),
    category: z.array(termSchema),
    tag: z.array(termSchema),
  }),
  tombstones: z.array(tombstoneSchema),
  checkpoint: z.string(),
  /** More changes wait: pull again from `checkpoint`. */
  more: z.boolean(),
  lastMutationId: z.int().nonnegative(),
  /** The calendar this server holds (its database's own id). */
  calendar: calendarIdSchema,
});

export type PullResponse = z.infer<typeof pullResponseSchema>;

/**
 * The replica protocol's version: a client and a server that differ in it do not sync (a
 * laptop's server and its hub: no change half understood). Raised when a change to
 * the protocol would be misread by the other side.
 */
export const SYNC_PROTOCOL = 1;

/** GET /sync/info: the protocol the server speaks, its version, and who the caller is. */
export const syncInfoSchema = z.object({
  protocol: z.int(),
  version: z.string(),
  user: z.object({ id: z.int(), name: z.string(), role: z.string() }),
  /** The server exchanges the calendar's own settings at /sync/settings (older ones do not). */
  calendarSettings: z.boolean().optional(),
  /** The calendar this server holds (older servers do not say). */
  calendar: calendarIdSchema.optional(),
});

export type SyncInfo = z.infer<typeof syncInfoSchema>;
