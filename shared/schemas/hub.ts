/**
 * `marquee/v1/hub`: another Marquee server as this calendar's hub. The laptop's server
 * is one more replica of the hub over the editor's own protocol (`marquee/v1/sync`), so every
 * field goes, in every language. What Settings → Hub, the header's state and `marquee hub` read
 * and send; the token is never answered or logged.
 */
import { z } from 'zod';
import {
  flagSchema,
  kindCountsSchema,
  peerConflictSchema,
  peerResolveSchema,
  peerStatusFields,
  syncSummarySchema,
} from './peer.ts';

export const hubConnectionSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .meta({ description: 'The hub’s address, e.g. https://calendar.venue.example.' }),
  token: z.string().trim().min(8).max(200).meta({
    description:
      'An access token made on the hub (marquee token create --role editor). Never answered or logged.',
  }),
  insecure: flagSchema.meta({
    description:
      'true: allow plain http to an address that is not this machine (the token would travel unencrypted).',
  }),
  confirm: flagSchema.meta({
    description:
      'false (default): check the hub and answer what the first sync would do, writing nothing. true: connect, and run the first sync.',
  }),
});

export type HubConnection = z.infer<typeof hubConnectionSchema>;

/** PUT /hub/token: another token for the hub the calendar is on. */
export const hubTokenSchema = hubConnectionSchema.pick({ token: true });

/** What a first sync does: the records only the hub has come here, those only here go there. */
const hubPreviewSchema = z.object({
  hub: kindCountsSchema,
  calendar: kindCountsSchema,
  /** The same record (same uuid) on both sides: one, its differing fields wait for a decision. */
  same: kindCountsSchema,
  toHub: kindCountsSchema,
  toCalendar: kindCountsSchema,
});

export type HubPreview = z.infer<typeof hubPreviewSchema>;

/** What the hub says of itself: its replica protocol, its version, who the token is. */
export const hubInfoSchema = z.object({
  address: z.string(),
  protocol: z.number(),
  version: z.string(),
  user: z.object({ name: z.string(), role: z.string() }),
});

export type HubInfo = z.infer<typeof hubInfoSchema>;

/** PUT /hub without confirm: the hub, and what the first sync would do. */
export const hubTestSchema = z.object({ hub: hubInfoSchema, preview: hubPreviewSchema });

export type HubTest = z.infer<typeof hubTestSchema>;

export const hubStatusSchema = z.object({
  ...peerStatusFields(['wrong-version', 'other-calendar']),
  connection: z
    .object({
      address: z.string(),
      /** The hub's user the token is. */
      login: z.string(),
      version: z.string(),
      insecure: z.boolean(),
      /** Whether the token is kept encrypted by the system (else in an owner-only file). */
      encrypted: z.boolean(),
    })
    .nullable(),
});

export type HubStatus = z.infer<typeof hubStatusSchema>;

export const hubResolveSchema = peerResolveSchema(
  'here',
  'hub',
  '"here" or "hub" for every field of the conflict, or {"title.de": "here"|"hub"} for each; a field left out keeps the hub’s.',
);

export type HubChoice = z.infer<typeof hubResolveSchema>['keep'];

/** A record both this calendar and the hub changed, field by field (texts per language). */
export const hubConflictSchema = peerConflictSchema(
  z.object({ here: z.unknown(), hub: z.unknown() }),
  {},
);

export type HubConflict = z.infer<typeof hubConflictSchema>;

/** PUT /hub with confirm, and POST /hub/sync: what the sync did, and the state after it. */
export const hubAnswerSchema = z.object({ summary: syncSummarySchema, status: hubStatusSchema });
