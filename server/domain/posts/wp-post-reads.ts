/**
 * Reading events, venues and organizers the way WordPress core's post collections answer
 * (`WP_REST_Posts_Controller`): every record of a kind with WP_Query's filters, the statuses a
 * caller may ask for, and one record whatever its dates. TEC's own routes keep their rules.
 */
import type { PostKind } from '#shared/kinds/registry.ts';
import { POST_STATUSES, type PostStatus } from '#shared/schemas/common.ts';
import { can } from '../../auth/capabilities.ts';
import type { Database } from '../../store/database.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { WpPostOrder } from '../../store/wp-post-list.sql.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { createWpPostSelections } from './wp-post-selections.ts';
import type { DomainContext } from '../context.ts';
import { DomainError, forbidden, invalidParams } from '../errors.ts';

type WpPostQuery = {
  page: number;
  per_page: number;
  /** undefined: `publish`. `any`: every status but trash. */
  status?: readonly (PostStatus | 'any')[] | undefined;
  search?: string | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  slug?: readonly string[] | undefined;
  author?: readonly number[] | undefined;
  after?: string | undefined;
  before?: string | undefined;
  modified_after?: string | undefined;
  modified_before?: string | undefined;
  orderby: WpPostOrder;
  order: 'asc' | 'desc';
  /** Per taxonomy, the terms an event must have one of. */
  terms?: readonly (readonly number[])[] | undefined;
};

const ALL_BUT_TRASH = POST_STATUSES.filter((status) => status !== 'trash');

/**
 * WordPress's `sanitize_post_statuses`: `publish` is anyone's; any other status needs the post
 * type's `edit_posts` (contributors and up), else a 400 whose detail is a 401 or 403.
 */
function statusesFor(query: WpPostQuery, context: DomainContext): readonly PostStatus[] {
  const requested = query.status ?? ['publish'];
  const asksMore = requested.some((status) => status !== 'publish');
  if (asksMore && !can.createPosts(context.actor)) {
    const message = 'Status is forbidden.';
    throw invalidParams(
      { status: message },
      {
        status: {
          code: 'rest_forbidden_status',
          message,
          data: { status: context.actor ? 403 : 401 },
        },
      },
    );
  }
  return [...new Set(requested.flatMap((status) => (status === 'any' ? ALL_BUT_TRASH : [status])))];
}

export function createWpPostReads(
  db: Database,
  posts: PostsRepo,
  changes: Pick<ChangeLog, 'latest'>,
) {
  const selections = createWpPostSelections(db, changes);
  return {
    /**
     * A page of ids the caller may read (WordPress drops the others from the page but not from
     * the totals: so do we), the total, and until when they stay so without a change (an
     * event list: until its next event ends). A page past the last is a 400.
     */
    list(kind: PostKind, query: WpPostQuery, context: DomainContext) {
      if (query.orderby === 'relevance' && !query.search)
        throw new DomainError(
          'rest_no_search_term_defined',
          'You need to define a search term to order by relevance.',
        );
      const statuses = statusesFor(query, context);
      const { ids, total, until } = selections.page(
        {
          kind,
          statuses,
          languages: [context.language, context.settings.defaultLanguage],
          search: query.search,
          include: query.include,
          exclude: query.exclude,
          slugs: query.slug,
          authors: query.author,
          after: query.after,
          before: query.before,
          modifiedAfter: query.modified_after,
          modifiedBefore: query.modified_before,
          termSets: query.terms,
          ...(kind === 'event' && { endedBefore: toUtcString(context.now) }),
          orderBy: query.orderby,
          descending: query.order === 'desc',
        },
        { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      );
      const pages = Math.ceil(total / query.per_page);
      if (query.page > pages && total > 0)
        throw new DomainError(
          'rest_post_invalid_page_number',
          'The page number requested is larger than the number of pages available.',
        );
      return { ids, total, pages, until };
    },

    /** Whether the caller may read the record `id` of this kind (WordPress's `Allow`: GET). */
    mayRead(kind: PostKind, id: number, context: DomainContext): boolean {
      const owner = posts.ownership(id);
      return owner !== undefined && posts.kindOf(id) === kind && can.readPost(context.actor, owner);
    },

    /**
     * The id of a record of this kind the caller may read: 404 for none (another kind's too),
     * 401/403 for one the caller may not see.
     */
    readable(kind: PostKind, id: number, context: DomainContext): number {
      const owner = posts.ownership(id);
      if (!owner || posts.kindOf(id) !== kind)
        throw new DomainError('rest_post_invalid_id', 'Invalid post ID.');
      if (!can.readPost(context.actor, owner)) throw forbidden(context.actor !== undefined);
      return id;
    },

    /** Whether the caller may ask for `context=edit` on this kind's records. */
    mayEdit: (context: DomainContext) => can.createPosts(context.actor),
  };
}

export type WpPostReads = ReturnType<typeof createWpPostReads>;
