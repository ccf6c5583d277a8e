/**
 * Category and tag rules (tec-rest-v1 §3.3, §4.4, §5.3): filters, unique names (term_exists) and
 * slugs, parents without loops, hard deletes that hand children to the grandparent. Validation
 * (400) comes before permission (editors and admins manage terms).
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/languages.ts';
import { withTranslation } from '#shared/schemas/multilingual.ts';
import type { TermCreateBody, TermListQuery, TermUpdateBody } from '#shared/schemas/term.ts';
import { toSlug, uniqueSlug } from '#shared/text/slug.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import { ApiError, invalidParams } from '../../http/api-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller } from '../posts/access.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import type { StoredTerm, TermOrder, TermsRepo } from './terms.repo.ts';

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

export type TermsService = ReturnType<typeof createTermsService>;

export function createTermsService(deps: {
  terms: TermsRepo;
  posts: PostsRepo;
  changes: ChangeLog;
}) {
  const { terms, posts, changes } = deps;

  function find(config: TaxonomyConfig, id: number): StoredTerm {
    const term = terms.get(id);
    if (!term || term.taxonomy !== config.taxonomy)
      throw invalidParams({ id: `id ${id} is not a ${config.singular}` });
    return term;
  }

  /** Ids, slugs or names → ids; every one must exist (400 naming the parameter otherwise). */
  function refIds(
    config: TaxonomyConfig,
    refs: readonly string[],
    param: string,
    language: Language,
  ): number[] {
    const numeric = refs.filter((ref) => /^\d+$/.test(ref)).map(Number);
    const known = new Set(
      terms
        .getMany(numeric)
        .filter((term) => term.taxonomy === config.taxonomy)
        .map((term) => term.id),
    );
    return refs.map((ref) => {
      const id = /^\d+$/.test(ref)
        ? known.has(Number(ref))
          ? Number(ref)
          : undefined
        : (terms.idBySlug(config.taxonomy, ref, language) ??
          terms.idsByName(config.taxonomy, ref)[0]);
      if (id === undefined)
        throw invalidParams({ [param]: `${param}: "${ref}" is not a ${config.singular}` });
      return id;
    });
  }

  /** The parent to store (undefined: unchanged, null: none); refuses loops and tags. */
  function parentOf(
    config: TaxonomyConfig,
    parent: number | undefined,
    selfId?: number,
  ): number | null | undefined {
    if (parent === undefined) return undefined;
    if (!config.hierarchical) {
      throw new ApiError(
        'rest_taxonomy_not_hierarchical',
        'Can not set parent term, taxonomy is not hierarchical.',
      );
    }
    if (parent === 0) return null;
    const found = terms.get(parent);
    if (!found || found.taxonomy !== config.taxonomy)
      throw invalidParams({ parent: `parent ${parent} is not a category` });
    if (selfId !== undefined && (parent === selfId || terms.ancestors(parent).includes(selfId))) {
      throw invalidParams({ parent: 'parent: a category cannot be its own ancestor' });
    }
    return parent;
  }

  /** term_exists: another term with this name (any language, any case) under the same parent. */
  function checkName(
    config: TaxonomyConfig,
    name: string,
    parentId: number | null,
    selfId?: number,
  ): void {
    const clash = terms
      .getMany(terms.idsByName(config.taxonomy, name))
      .find((term) => term.id !== selfId && (!config.hierarchical || term.parentId === parentId));
    if (clash) {
      throw new ApiError(
        'term_exists',
        'A term with the name provided already exists with this parent.',
        { term_id: clash.id },
      );
    }
  }

  function slugFor(
    config: TaxonomyConfig,
    language: Language,
    wanted: string | undefined,
    name: string,
    selfId?: number,
  ): string {
    const isTaken = (slug: string) => {
      const owner = terms.slugOwner(config.taxonomy, language, slug);
      return owner !== undefined && owner !== selfId;
    };
    if (wanted !== undefined) {
      const slug = toSlug(wanted) || toSlug(name) || config.singular;
      if (isTaken(slug))
        throw new ApiError(
          'duplicate_term_slug',
          `The slug “${slug}” is already in use by another term.`,
        );
      return slug;
    }
    return uniqueSlug(toSlug(name) || config.singular, isTaken);
  }

  /** Stores a new term (checks done by the caller), in the request's language. */
  function insert(
    config: TaxonomyConfig,
    body: TermCreateBody,
    parentId: number | null,
    context: RequestContext,
  ): StoredTerm {
    const { language } = context;
    const now = toUtcString(context.now);
    return changes.write((rev) => {
      const term: StoredTerm = {
        id: 0,
        uuid: randomUUID(),
        taxonomy: config.taxonomy,
        created: now,
        modified: now,
        rev,
        name: { [language]: body.name },
        description: body.description ? { [language]: body.description } : {},
        slug: { [language]: slugFor(config, language, body.slug, body.name) },
        parentUuid: null,
        parentId,
      };
      return { ...term, id: terms.insert(term) };
    });
  }

  return {
    find,
    resolveRefs: refIds,
    getMany: (ids: readonly number[]) => terms.getMany(ids),
    counts: (ids: readonly number[]) => terms.counts(ids),

    list(config: TaxonomyConfig, query: TermListQuery, context: RequestContext) {
      const eventParam = query.event !== undefined ? 'event' : 'post';
      const event = query.event ?? query.post;
      if (event !== undefined && posts.kindOf(event) !== 'event') {
        throw invalidParams({ [eventParam]: `${eventParam} ${event} is not an event` });
      }
      const parent = config.hierarchical ? query.parent : undefined;
      if (parent) find(config, parent);
      const { language } = context;
      const { ids, total } = terms.list({
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
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { terms: terms.getMany(ids), counts: terms.counts(ids), total };
    },

    create(config: TaxonomyConfig, body: TermCreateBody, context: RequestContext): StoredTerm {
      const parentId = parentOf(config, body.parent) ?? null;
      requireCaller(context, can.manageTerms);
      checkName(config, body.name, parentId);
      return insert(config, body, parentId, context);
    },

    update(
      config: TaxonomyConfig,
      id: number,
      body: TermUpdateBody,
      context: RequestContext,
    ): StoredTerm {
      const term = find(config, id);
      const parent = parentOf(config, body.parent, id);
      requireCaller(context, can.manageTerms);
      const parentId = parent === undefined ? term.parentId : parent;
      const { language } = context;
      if (body.name !== undefined) checkName(config, body.name, parentId, id);
      const name = body.name ?? term.name[language] ?? '';
      const next: StoredTerm = {
        ...term,
        parentId,
        name: body.name === undefined ? term.name : withTranslation(term.name, language, body.name),
        description:
          body.description === undefined
            ? term.description
            : withTranslation(term.description, language, body.description),
      };
      if (body.slug !== undefined || (name && !term.slug[language])) {
        next.slug = withTranslation(
          term.slug,
          language,
          slugFor(config, language, body.slug, name, id),
        );
      }
      const now = toUtcString(context.now);
      return changes.write((rev) => {
        const saved = { ...next, rev, modified: now };
        terms.update(saved);
        return terms.get(id) ?? saved;
      });
    },

    /**
     * Terms named in an event body (ids, slugs or names): unknown ids are skipped as TEC does, a
     * name or slug in use links that term, any other name creates one. Joins the event's write.
     */
    ensure(config: TaxonomyConfig, items: readonly string[], context: RequestContext): number[] {
      const { language } = context;
      const ids: number[] = [];
      for (const item of items) {
        if (/^\d+$/.test(item)) {
          if (terms.get(Number(item))?.taxonomy === config.taxonomy) ids.push(Number(item));
          continue;
        }
        const existing =
          terms.idBySlug(config.taxonomy, item, language) ??
          terms.idsByName(config.taxonomy, item)[0];
        if (existing !== undefined) {
          ids.push(existing);
          continue;
        }
        // WordPress lets contributors add new tags while writing; new categories need an editor.
        if (config.hierarchical) requireCaller(context, can.manageTerms);
        ids.push(insert(config, { name: item }, null, context).id);
      }
      return [...new Set(ids)];
    },

    /** Deletes for good (TEC forces it), handing children to the grandparent; returns the term as it was. */
    remove(
      config: TaxonomyConfig,
      id: number,
      context: RequestContext,
    ): { term: StoredTerm; count: number } {
      const term = find(config, id);
      requireCaller(context, can.manageTerms);
      const count = terms.counts([id]).get(id) ?? 0;
      const now = toUtcString(context.now);
      changes.write((rev) => {
        terms.reparentChildren(id, term.parentId, rev, now);
        posts.touch(terms.eventIdsOf(id), rev, now);
        changes.tombstone(config.taxonomy, term.uuid, id, rev, now);
        terms.delete(id);
      });
      return { term, count };
    },
  };
}
