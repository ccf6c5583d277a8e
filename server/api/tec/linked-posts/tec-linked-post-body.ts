/**
 * TEC's venue and organizer bodies as record patches, and TEC's duplicate
 * avoidance: a create, or a venue or organizer given inline in an event, reuses a same-named
 * record instead of making another. Texts go into the request's language.
 */
import { can } from '../../../auth/capabilities.ts';
import type { DomainContext } from '../../../domain/context.ts';
import { publicationDate } from '../posts/tec-post-body.ts';
import { POST_TEXTS } from '#shared/kinds/registry.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { LinkedPostPatch } from '../../../domain/linked-posts/linked-post.ts';
import type { LinkedPost } from '../../../store/linked-posts.repo.ts';
import type { LinkedPostsService } from '../../../domain/linked-posts/linked-posts.service.ts';

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

/** What a kind's TEC body says in its own keys. */
export type TecBodyKeys<D, B extends LinkedPostBody> = {
  /** The name, under TEC's key for the kind (`venue`, `organizer`). */
  nameOf(body: B): string | undefined;
  /** The details sent, under the record's names. */
  detailsPatchOf(body: B): Partial<D>;
};

/** The entries of `values` that are set: what a body sends. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export type TecLinkedPostBodies<D, B extends LinkedPostBody> = ReturnType<
  typeof createTecLinkedPostBodies<D, B>
>;

export function createTecLinkedPostBodies<D, B extends LinkedPostBody>(
  service: LinkedPostsService<D>,
  spec: TecBodyKeys<D, B>,
) {
  /** The patch a body makes. A matched duplicate keeps its name (`keepName`): TEC overwrites
   * its meta, not its title. */
  function patchOf(body: B, context: DomainContext, keepName = false): LinkedPostPatch {
    const { language } = context;
    const patch: Record<string, unknown> = { ...spec.detailsPatchOf(body) };
    const name = keepName ? undefined : spec.nameOf(body);
    if (name !== undefined) patch.name = { [language]: name };
    for (const field of POST_TEXTS)
      if (body[field] !== undefined) patch[field] = { [language]: body[field] };
    if (body.status !== undefined) patch.status = body.status;
    if (body.password !== undefined) patch.password = body.password;
    if (body.author !== undefined) patch.author = body.author;
    const date = publicationDate(body, context.settings.timezone);
    if (date !== undefined) patch.date = date;
    return patch;
  }

  const sameNamed = (body: B, accept: (record: LinkedPost<D>) => boolean) =>
    service.sameNamed(spec.nameOf(body) ?? '', body.description, accept);

  return {
    service,

    /** A new record, or the same-named one the caller may edit, updated with the body. */
    create(body: B, context: DomainContext): LinkedPost<D> {
      const caller = context.actor;
      // Only one the caller may edit, so nobody overwrites another's.
      const duplicate =
        caller && can.createPosts(caller)
          ? sameNamed(body, (record) => can.editPost(caller, record))
          : undefined;
      if (duplicate) return service.update(duplicate.id, patchOf(body, context, true), context);
      return service.create(patchOf(body, context), context);
    },

    /** A new record whatever its name, as WordPress's own `wp/v2` makes one. */
    createNew: (body: B, context: DomainContext): LinkedPost<D> =>
      service.create(patchOf(body, context), context),

    /** A record given inline in an event: the service's rule (`link`), with the body's patch. */
    link: (body: B, context: DomainContext): LinkedPost<D> =>
      service.link(spec.nameOf(body) ?? '', body.description, patchOf(body, context), context),

    update: (id: number, body: B, context: DomainContext): LinkedPost<D> =>
      service.update(id, patchOf(body, context), context),
  };
}
