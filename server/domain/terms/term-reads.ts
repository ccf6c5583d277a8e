/**
 * Reading categories and tags: lists with TEC's filters and orders, a term's parents and
 * descendants, and the published-event counts, kept until the next change.
 */
import { can } from '../../auth/capabilities.ts';
import type { TermListQuery } from '#shared/schemas/term.ts';
import { invalidParams } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { StoredTerm, TermOrder, TermsRepo } from '../../store/terms.repo.ts';
import { perChange } from '../per-change.ts';
import { createKeptLists } from '../posts/kept-lists.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import type { TermRules } from './term-rules.ts';

/** Terms whose counts are kept at once. */
const MAX_KEPT_COUNTS = 20_000;

const ORDERS: Readonly<Record<string, TermOrder>> = {
  id: 'id',
  term_id: 'id',
  term_group: 'id',
  name: 'name',
  slug: 'slug',
  count: 'count',
  description: 'description',
  parent: 'parent',
  include: 'include',
  include_slugs: 'include',
  none: 'none',
};

export function createTermReads(
  { terms, posts, changes }: { terms: TermsRepo; posts: PostsRepo; changes: ChangeLog },
  { find, refIds, parentOf }: TermRules,
) {
  // Published-event counts change only with writes: kept until the next change.
  const knownCounts = perChange<number>(() => changes.latest(), MAX_KEPT_COUNTS);
  const lists = createKeptLists(changes);
  const countsOf = (ids: readonly number[]): Map<number, number> =>
    knownCounts.many(ids, (missing) => terms.counts(missing), { absent: 0 });

  return {
    find,
    resolveRefs: refIds,

    /** Whether the caller may create terms (authors and up). */
    mayCreate: (context: DomainContext) => can.createTerms(context.actor),
    /** Whether the caller may edit and delete terms (editors and up). */
    mayManage: (context: DomainContext) => can.manageTerms(context.actor),

    /** The uuid of a parent given by id (0: none), checked as TEC checks it. */
    parentUuidOf(config: TaxonomyConfig, parent: number, selfId?: number): string | null {
      const id = parentOf(config, parent, selfId);
      return id === null || id === undefined ? null : find(config, id).uuid;
    },
    /** A term's parents, the root first (none for a flat taxonomy's terms). */
    parentsOf: (term: StoredTerm): StoredTerm[] =>
      term.parentId === null
        ? []
        : terms
            .ancestors(term.id)
            .reverse()
            .flatMap((id) => terms.get(id) ?? []),
    /** A category filter's categories and all their descendants (WordPress `include_children`). */
    withDescendants: (config: TaxonomyConfig, ids: readonly number[]) =>
      config.hierarchical ? terms.withDescendants(config.taxonomy, ids) : [...ids],
    getMany: (ids: readonly number[]) => terms.getMany(ids),
    counts: countsOf,

    list(config: TaxonomyConfig, query: TermListQuery, context: DomainContext) {
      // TEC checks each of the two it was given (measured: event=<an event>&post=999999 is a
      // 400 naming post), then lists by event.
      for (const name of ['event', 'post'] as const) {
        const id = query[name];
        if (id !== undefined && posts.kindOf(id) !== 'event')
          throw invalidParams({ [name]: `${name} ${id} is not an event` });
      }
      const event = query.event ?? query.post;
      const parent = config.hierarchical ? query.parent : undefined;
      if (parent && terms.get(parent)?.taxonomy !== config.taxonomy)
        throw invalidParams({ parent: `parent ${parent} is not a ${config.singular}` });
      const { language } = context;
      const filter = {
        taxonomy: config.taxonomy,
        languages: [...new Set([language, context.settings.defaultLanguage])],
        search: query.search,
        include: query.include && refIds(config, query.include, 'include', language),
        exclude: query.exclude && refIds(config, query.exclude, 'exclude', language),
        parent,
        event,
        slug: query.slug,
        hideEmpty: query.hide_empty,
        orderBy: ORDERS[query.orderby ?? 'name'] ?? 'name',
        descending: query.order !== undefined && query.order.toLowerCase() !== 'asc',
      };
      const { ids, total } = lists.page(JSON.stringify(filter), () => terms.list(filter), {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { terms: terms.getMany(ids), counts: countsOf(ids), total };
    },
  };
}
