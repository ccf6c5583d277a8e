/**
 * Venues and organizers are TEC's "linked posts": the same rules with different fields. A
 * LinkedPostSpec says what the domain tells apart per kind: its name, plural and error codes; its
 * table is the store's (store/venue-table.ts, store/organizer-table.ts) and
 * linked-posts.service.ts does the rest. TEC's body keys are the TEC adapter's
 * (api/tec/venues/tec-venue-body.ts, api/tec/organizers/tec-organizer-body.ts).
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import type { OrganizerPatch, VenuePatch } from '#shared/kinds/registry.ts';
import type { LinkedPostKind } from '../../store/linked-posts.repo.ts';

export type LinkedPostSpec = {
  kind: LinkedPostKind;
  plural: 'venues' | 'organizers';
  codes: { notAccessible: ErrorCode; inTrash: ErrorCode; pageNotFound: ErrorCode };
};

/** A venue's or an organizer's record patch (shared/kinds/registry.ts). */
export type LinkedPostPatch = VenuePatch | OrganizerPatch;
