/**
 * Venues and organizers are TEC's "linked posts": the same rules with different fields. A
 * LinkedPostSpec says what differs per kind: its table (store/linked-posts.repo.ts), TEC's body
 * keys, its error codes; linked-posts.service.ts and the routes in resources/ do the rest.
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import type { OrganizerPatch, VenuePatch } from '#shared/kinds/registry.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { LinkedPostTable } from '../../store/linked-posts.repo.ts';

/** Body fields both kinds accept (each also has its name key and its own details). */
export type LinkedPostBody = {
  description?: string | undefined;
  excerpt?: string | undefined;
  slug?: string | undefined;
  author?: number | undefined;
  date?: string | number | undefined;
  date_utc?: string | number | undefined;
  status?: PostStatus | undefined;
  password?: string | undefined;
  image?: string | undefined;
};

export type LinkedPostSpec<D, B extends LinkedPostBody> = LinkedPostTable<D> & {
  plural: 'venues' | 'organizers';
  /** The name sent in a body, under TEC's key for the kind (`venue`, `organizer`). */
  nameOf(body: B): string | undefined;
  /** The details a body sends, under the record's names. */
  detailsPatchOf(body: B): Partial<D>;
  codes: { notAccessible: ErrorCode; inTrash: ErrorCode; pageNotFound: ErrorCode };
};

/** A venue's or an organizer's record patch (shared/kinds/registry.ts). */
export type LinkedPostPatch = VenuePatch | OrganizerPatch;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- specs differ only in D and B
export type AnyLinkedPostSpec = LinkedPostSpec<any, any>;

/** The entries of `values` that are set: what a body sends. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
