/**
 * Rules of venues and organizers: visibility, TEC's duplicate avoidance, partial updates in one
 * language, trash and delete. Validation (400) always comes before permission (401/403).
 */
import { foldText } from '#shared/text/fold.ts';
import { randomUUID } from 'node:crypto';
import { statusBeforeTrashAfter, type PostStatus } from '#shared/schemas/common.ts';
import type { LinkedPostListQuery } from '#shared/schemas/post-write.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../auth/users.repo.ts';
import { invalidParams, DomainError } from '../../domain/errors.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller, visibleStatuses } from '../posts/access.ts';
import {
  applyPostTexts,
  assignableAuthor,
  checkAuthor,
  publicationDate,
  scaleStatus,
  scheduledStatus,
  slugsForStatus,
} from '../posts/post-rules.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import { searchFragments } from '../posts/search.ts';
import type { LinkedPost, LinkedPostBody, LinkedPostSpec } from './linked-post.ts';
import { type createLinkedPostsRepo } from './linked-posts.repo.ts';

type Deps = { posts: PostsRepo; users: UsersRepo; changes: ChangeLog };

export type LinkedPostsService<D, B extends LinkedPostBody> = ReturnType<
  typeof createLinkedPostsService<D, B>
>;

export function createLinkedPostsService<D, B extends LinkedPostBody>(
  spec: LinkedPostSpec<D, B>,
  repo: ReturnType<typeof createLinkedPostsRepo<D, B>>,
  deps: Deps,
) {
  const { posts, users, changes } = deps;
  const { kind } = spec;

  /** The record with this id; 400 when there is none (TEC validates ids before anything else). */
  function find(id: number): LinkedPost<D> {
    const record = repo.get(id);
    if (!record) throw invalidParams({ id: `id ${id} is not a ${kind}` });
    return record;
  }

  /** Applies the body's fields: translatable ones in the request's language. A matched duplicate
   * keeps its name (`keepName`): TEC overwrites its meta, not its title. */
  function applyBody(
    record: LinkedPost<D>,
    body: B,
    caller: Principal,
    context: DomainContext,
    keepName = false,
  ): LinkedPost<D> {
    const next: LinkedPost<D> = { ...record, ...spec.applyDetails(record, body) };
    const texts = applyPostTexts(
      posts,
      kind,
      context.language,
      record.id,
      {
        title: record.name,
        description: record.description,
        excerpt: record.excerpt,
        slug: record.slug,
      },
      { ...body, title: keepName ? undefined : spec.nameOf(body) },
    );
    next.name = texts.title;
    next.description = texts.description;
    next.excerpt = texts.excerpt;
    next.slug = texts.slug;
    if (body.status !== undefined) next.status = scaleStatus(caller, body.status);
    next.statusBeforeTrash = statusBeforeTrashAfter(record, next.status);
    if (body.password !== undefined) next.password = body.password;
    next.author = assignableAuthor(caller, body.author, record.author);
    next.date = publicationDate(body, context.settings.timezone) ?? record.date;
    next.status = scheduledStatus(next.status, next.date, context.now);
    next.slug = slugsForStatus(posts, kind, record.id, next.slug, next.status);
    return next;
  }

  function checkImage(body: B, caller: Principal): void {
    if (body.image && !can.uploadFiles(caller))
      throw invalidParams({ image: 'image: your role may not add images' });
  }

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

  function save(record: LinkedPost<D>, rev: number, now: string): LinkedPost<D> {
    const saved = { ...record, rev, modified: now };
    repo.update(saved);
    return saved;
  }

  function blank(caller: Principal, status: PostStatus, now: string, uuid: string): LinkedPost<D> {
    return {
      id: 0,
      uuid,
      created: now,
      modified: now,
      rev: 0,
      status,
      statusBeforeTrash: null,
      author: caller.id,
      date: now,
      password: '',
      name: {},
      description: {},
      excerpt: {},
      slug: {},
      ...spec.blankDetails,
    };
  }

  return {
    spec,
    find,
    getMany: repo.getMany,

    idBySlug(slug: string, context: DomainContext): number {
      const id = posts.idBySlug(kind, slug, context.language);
      if (id === undefined) throw invalidParams({ slug: `no ${kind} has the slug "${slug}"` });
      return id;
    },

    /** One record for reading: 400 when there is none, 403 when the caller may not see it. */
    read(id: number, context: DomainContext): LinkedPost<D> {
      const record = find(id);
      if (!can.readPost(context.actor, record)) {
        throw new DomainError(
          spec.codes.notAccessible,
          `The ${kind} with id ${id} is not accessible.`,
        );
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
      const { ids, total } = repo.list({
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
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      if (ids.length === 0 && query.page > 1) {
        throw new DomainError(
          spec.codes.pageNotFound,
          `The requested ${kind} archive page does not exist.`,
        );
      }
      return { records: repo.getMany(ids), total };
    },

    /** Creates a record, or reuses a same-named one the caller may edit (TEC's duplicate avoidance). */
    /**
     * `uuid`: the identity a sync client chose for a record it created offline; such a create
     * is a new record, so TEC's reuse of a same-named one does not apply.
     */
    create(body: B, context: DomainContext, uuid?: string): LinkedPost<D> {
      checkAuthor(users, body.author);
      const caller = requireCaller(context, can.createPosts);
      checkImage(body, caller);
      const now = toUtcString(context.now);
      // TEC reuses a same-named record; only one the caller may edit, so nobody overwrites another's.
      const duplicate =
        uuid === undefined
          ? sameNamed(spec.nameOf(body) ?? '', body.description, (record) =>
              can.editPost(caller, record),
            )
          : undefined;
      if (duplicate)
        return changes.write((rev) =>
          save(applyBody(duplicate, body, caller, context, true), rev, now),
        );
      const fresh = blank(caller, scaleStatus(caller, body.status), now, uuid ?? randomUUID());
      return changes.write((rev) => {
        const id = repo.insert({ ...fresh, rev });
        return save(
          applyBody({ ...fresh, id }, { ...body, status: undefined }, caller, context),
          rev,
          now,
        );
      });
    },

    /**
     * A record given inline in an event (DESIGN §5): the same-named one if any, updated with the
     * fields sent only when the caller may edit it; else a new one. Joins the event's write.
     */
    link(body: B, context: DomainContext): LinkedPost<D> {
      const caller = requireCaller(context, can.createPosts);
      const match = sameNamed(spec.nameOf(body) ?? '', body.description, (record) =>
        can.readPost(caller, record),
      );
      if (!match) return this.create(body, context);
      if (!can.editPost(caller, match)) return match;
      checkImage(body, caller);
      const now = toUtcString(context.now);
      return changes.write((rev) => save(applyBody(match, body, caller, context, true), rev, now));
    },

    update(id: number, body: B, context: DomainContext): LinkedPost<D> {
      const record = find(id);
      checkAuthor(users, body.author);
      const caller = requireCaller(context, (user) => can.editPost(user, record));
      checkImage(body, caller);
      const now = toUtcString(context.now);
      return changes.write((rev) => save(applyBody(record, body, caller, context), rev, now));
    },

    /** Moves to the trash (410 when already there), or deletes for good with `force`. */
    remove(id: number, force: boolean, context: DomainContext): LinkedPost<D> {
      const record = find(id);
      requireCaller(context, (user) => can.deletePost(user, record));
      const now = toUtcString(context.now);
      if (force) {
        changes.write((rev) => {
          posts.touch(repo.linkedEventIds(id), rev, now, [
            kind === 'venue' ? 'venueUuid' : 'organizerUuids',
          ]);
          changes.tombstone(kind, record.uuid, id, rev, now);
          posts.delete(id);
        });
        return record;
      }
      if (record.status === 'trash')
        throw new DomainError(spec.codes.inTrash, `The ${kind} with id ${id} is already trashed.`);
      // One write: the status and the freed slugs (`slug__trashed`) together.
      return changes.write((rev) =>
        save(
          {
            ...record,
            status: 'trash',
            statusBeforeTrash: record.status,
            slug: slugsForStatus(posts, kind, id, record.slug, 'trash'),
          },
          rev,
          now,
        ),
      );
    },
  };
}
