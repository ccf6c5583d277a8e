/**
 * Venues and organizers are TEC's "linked posts": the same rules with different fields. A
 * LinkedPostSpec says what differs per kind (table, columns, body keys, error codes, how events
 * link to it); the repo, service and routes in this folder do the rest.
 */
import type { z } from 'zod';
import type { ErrorCode } from '#shared/errors/codes.ts';
import type { OrganizerPatch, VenuePatch } from '#shared/kinds/registry.ts';
import type { PostStatus, postMetaSchema } from '#shared/schemas/common.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import type { SqlValue } from '../../store/database.ts';

export type LinkedPostKind = 'venue' | 'organizer';

export type LinkedPost<D> = z.infer<typeof postMetaSchema> & {
  name: Multilingual;
  description: Multilingual;
  excerpt: Multilingual;
  slug: Multilingual;
} & D;

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

export type LinkedPostSpec<D, B extends LinkedPostBody> = {
  kind: LinkedPostKind;
  plural: 'venues' | 'organizers';
  /** Table of kind-specific columns, keyed by post_id. */
  table: 'venues' | 'organizers';
  /** Its columns besides post_id, in the order toColumns gives values. */
  columns: readonly string[];
  /** Shared columns TEC's search looks in besides title, content and excerpt. */
  searchColumns: readonly string[];
  toColumns(details: D): SqlValue[];
  fromRow(row: Record<string, SqlValue>): D;
  /** The name sent in a body, under TEC's key for the kind (`venue`, `organizer`). */
  nameOf(body: B): string | undefined;
  /** The details a body sends, under the record's names. */
  detailsPatchOf(body: B): Partial<D>;
  /** SQL selecting `event_id, start_utc` of the events linked to the post whose id is `post`. */
  linkedEvents(post: string): string;
  /** SQL selecting the ids of posts of this kind linked to the event bound as `?`. */
  linkedToEvent: string;
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
