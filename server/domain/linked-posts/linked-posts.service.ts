/**
 * Rules of venues and organizers: visibility, TEC's duplicate avoidance, partial updates in one
 * language, trash and delete. Validation (400) always comes before permission (401/403).
 */
import { foldText } from '#shared/text/fold.ts';
import { randomUUID } from 'node:crypto';
import { KIND } from '#shared/kinds/registry.ts';
import type { OrganizerDetails } from '#shared/schemas/organizer.ts';
import type { VenueDetails } from '#shared/schemas/venue.ts';
import type { LinkedPostListQuery } from '#shared/schemas/post-write.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Writer } from '#shared/text/kses/text-rules.ts';
import { can } from '../../auth/capabilities.ts';
import type { UsersRepo } from '../../store/users.repo.ts';
import { invalidParams, missingParams, DomainError } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { mayChangePost, requireCaller, visibleStatuses } from '../posts/access.ts';
import { createPostKernel } from '../posts/post-kernel.ts';
import { checkPatchDates } from '../posts/patch-dates.ts';
import { checkAuthor, scaleStatus } from '../posts/post-rules.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { searchFragments } from '../../store/search.ts';
import type { LinkedPostPatch, LinkedPostSpec } from './linked-post.ts';
import type {
  LinkedPost,
  LinkedPostFilter,
  LinkedPostsRepo,
} from '../../store/linked-posts.repo.ts';
import { createKeptLists } from '../posts/kept-lists.ts';

type Deps = { posts: PostsRepo; users: UsersRepo; changes: ChangeLog };

/** Venues or organizers: their reads, the write command, and the rule for one named inline. */
export type LinkedPostsService<D> = {
  spec: LinkedPostSpec;
  find: (id: number) => LinkedPost<D>;
  getMany: (ids: readonly number[]) => LinkedPost<D>[];
  toClean: (ids: readonly number[], writer: Writer) => number[];
  cleanStored: (ids: readonly number[], writer: Writer, rev: number, now: Date) => LinkedPost<D>[];
  /** Whether the caller may create records of this kind (WordPress's `edit_posts`). */
  mayCreate: (context: DomainContext) => boolean;
  /** Whether the caller may update or trash the record `id` (undefined: named by slug). */
  mayChange(id: number | undefined, context: DomainContext): boolean;
  idBySlug(slug: string, context: DomainContext): number;
  /** One record for reading: 400 when there is none, 403 when the caller may not see it. */
  read(id: number, context: DomainContext): LinkedPost<D>;
  list(
    query: LinkedPostListQuery,
    context: DomainContext,
  ): { records: LinkedPost<D>[]; total: number };
  sameNamed: (
    name: string,
    description: string | undefined,
    accept: (record: LinkedPost<D>) => boolean,
  ) => LinkedPost<D> | undefined;
  create: (
    patch: LinkedPostPatch,
    context: DomainContext,
    options?: { uuid?: string },
  ) => LinkedPost<D>;
  update: (id: number, patch: LinkedPostPatch, context: DomainContext) => LinkedPost<D>;
  /** A record named inline: the same-named one the caller may read, else a new one. */
  link(
    name: string,
    description: string | undefined,
    patch: LinkedPostPatch,
    context: DomainContext,
    unsaid?: (match: LinkedPost<D>) => LinkedPostPatch,
  ): LinkedPost<D>;
  remove: (id: number, force: boolean, context: DomainContext) => LinkedPost<D>;
};
export type VenuesService = LinkedPostsService<VenueDetails>;
export type OrganizersService = LinkedPostsService<OrganizerDetails>;

export function createLinkedPostsService<D>(
  spec: LinkedPostSpec,
  repo: LinkedPostsRepo<D>,
  deps: Deps,
): LinkedPostsService<D> {
  const { posts, users, changes } = deps;
  const { kind } = spec;

  const kernel = createPostKernel<LinkedPost<D>>(
    {
      kind,
      repo,
      // TEC validates ids before anything else: 400, not 404.
      notFound: (id) => invalidParams({ id: `id ${id} is not a ${kind}` }),
      inTrash: () => new DomainError(spec.codes.inTrash, `The ${kind} is already trashed`),
      dependents: (id) => ({
        ids: repo.linkedEventIds(id),
        fields: [kind === 'venue' ? 'venueUuid' : 'organizerUuids'],
      }),
    },
    deps,
  );
  const { find } = kernel;
  const lists = createKeptLists(changes);

  /** A non-trashed record with this name (and description, when sent) that `accept` takes. */
  function sameNamed(
    name: string,
    description: string | undefined,
    accept: (record: LinkedPost<D>) => boolean,
  ): LinkedPost<D> | undefined {
    return repo
      .getMany(posts.idsByTitle(kind, name))
      .find(
        (record) =>
          accept(record) &&
          (description === undefined ||
            Object.values(record.description).some(
              (text) => foldText(text) === foldText(description),
            )),
      );
  }

  function blank(author: number, now: Date, uuid: string): LinkedPost<D> {
    return { ...KIND[kind].blank(uuid, now), author } as unknown as LinkedPost<D>;
  }

  /**
   * Stores a new record; the answer is the record as stored. `uuid`: the identity a sync
   * client chose for a record it created offline.
   */
  function create(
    patch: LinkedPostPatch,
    context: DomainContext,
    options: { uuid?: string } = {},
  ): LinkedPost<D> {
    // What every venue and organizer has from its first write, whatever the door.
    if (patch.name === undefined) throw missingParams(['name']);
    checkAuthor(users, patch.author);
    checkPatchDates(patch);
    const caller = requireCaller(context, can.createPosts);
    const { status, ...rest } = patch;
    const fresh = blank(caller.id, context.now, options.uuid ?? randomUUID());
    fresh.status = scaleStatus(caller, status);
    return changes.write((rev) =>
      kernel.insert({ ...kernel.apply(fresh, rest, caller, context), rev }),
    );
  }

  /** Changes a record with a patch: one read, no read back. */
  function update(id: number, patch: LinkedPostPatch, context: DomainContext): LinkedPost<D> {
    const record = find(id);
    checkAuthor(users, patch.author);
    checkPatchDates(patch);
    const caller = requireCaller(context, (user) => can.editPost(user, record));
    return changes.write((rev) =>
      kernel.save(kernel.apply(record, patch, caller, context), record, rev, context),
    );
  }

  return {
    spec,
    find,
    getMany: repo.getMany,
    // Texts stored before the rule of who may write HTML (posts/texts-before-html-rule.ts).
    toClean: kernel.toClean,
    cleanStored: kernel.cleanStored,

    /** Whether the caller may create records of this kind (WordPress's `edit_posts`). */
    mayCreate: (context: DomainContext) => can.createPosts(context.actor),

    /**
     * Whether the caller may update or trash the record `id` (undefined: named by slug, where
     * TEC asks only the generic `edit_posts`); nobody may change an id no record has.
     */
    mayChange(id: number | undefined, context: DomainContext): boolean {
      if (id === undefined) return can.createPosts(context.actor);
      return mayChangePost(posts, id, context, false);
    },

    idBySlug(slug: string, context: DomainContext): number {
      const id = posts.idBySlug(kind, slug, context.language);
      if (id === undefined) throw invalidParams({ slug: `no ${kind} has the slug "${slug}"` });
      return id;
    },

    /** One record for reading: 400 when there is none, 403 when the caller may not see it. */
    read(id: number, context: DomainContext): LinkedPost<D> {
      const record = find(id);
      if (!can.readPost(context.actor, record)) {
        throw new DomainError(spec.codes.notAccessible, `The requested ${kind} is not accessible`);
      }
      return record;
    },

    list(
      query: LinkedPostListQuery,
      context: DomainContext,
    ): { records: LinkedPost<D>[]; total: number } {
      if (query.event !== undefined && posts.kindOf(query.event) !== 'event') {
        throw invalidParams({ event: `event ${query.event} is not an event` });
      }
      const caller = context.actor;
      const statuses = visibleStatuses(query.status, caller, spec.plural);
      const fragments = query.search ? searchFragments(query.search) : [];
      const filter: LinkedPostFilter = {
        statuses,
        unpublishedOnlyBy: caller && !can.editOthers(caller) ? caller.id : undefined,
        search:
          fragments.length > 0
            ? {
                fragments,
                languages: [...new Set([context.language, context.settings.defaultLanguage])],
                public: caller === undefined,
              }
            : undefined,
        event: query.event,
        hasEvents: query.has_events,
        upcoming: query.only_with_upcoming
          ? {
              from: toUtcString(context.now),
              statuses: can.editOthers(caller) ? ['publish', 'private'] : ['publish'],
            }
          : undefined,
      };
      const { ids, total } = lists.page(JSON.stringify(filter), () => repo.list(filter), {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      if (ids.length === 0 && query.page > 1) {
        throw new DomainError(
          spec.codes.pageNotFound,
          `The requested ${kind} archive page does not exist`,
        );
      }
      return { records: repo.getMany(ids), total };
    },

    sameNamed,
    create,
    update,

    /**
     * A record named inline (an event's venue or organizer given by its fields, a
     * calendar file's venue row): the same-named one the caller may read, changed by `patch`
     * (its name kept: TEC overwrites the meta, not the title) when the caller may edit it; else
     * a new one. `description`: when given, the same-named record must also have it.
     * `unsaid`: what of the patch the match does not already say (a calendar file's row);
     * when that is nothing, nothing is written.
     */
    link(
      name: string,
      description: string | undefined,
      patch: LinkedPostPatch,
      context: DomainContext,
      unsaid: (match: LinkedPost<D>) => LinkedPostPatch = () => patch,
    ): LinkedPost<D> {
      const caller = requireCaller(context, can.createPosts);
      const match = sameNamed(name, description, (record) => can.readPost(caller, record));
      if (!match) return create(patch, context);
      if (!can.editPost(caller, match)) return match;
      const changes = { ...unsaid(match), name: undefined };
      if (Object.values(changes).every((value) => value === undefined)) return match;
      return update(match.id, changes, context);
    },

    remove: kernel.remove,
  };
}
