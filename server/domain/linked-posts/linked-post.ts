/**
 * Venues and organizers are TEC's "linked posts": the same rules with different fields. A
 * LinkedPostSpec says what differs per kind: its table (store/linked-posts.repo.ts) and its error
 * codes; linked-posts.service.ts does the rest. TEC's body keys are the TEC adapter's
 * (api/tec/venues/tec-venue-body.ts, api/tec/organizers/tec-organizer-body.ts).
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import type { OrganizerPatch, VenuePatch } from '#shared/kinds/registry.ts';
import type { LinkedPostTable } from '../../store/linked-posts.repo.ts';

export type LinkedPostSpec<D> = LinkedPostTable<D> & {
  plural: 'venues' | 'organizers';
  codes: { notAccessible: ErrorCode; inTrash: ErrorCode; pageNotFound: ErrorCode };
};

/** A venue's or an organizer's record patch (shared/kinds/registry.ts). */
export type LinkedPostPatch = VenuePatch | OrganizerPatch;
