/**
 * Category and tag rules (tec-rest-v1 §3.3, §4.4, §5.3): filters, unique names on create
 * (term_exists) and slugs, parents without loops, hard deletes that hand children to the
 * grandparent. Validation (400) comes before permission (authors and up create terms, editors
 * and admins edit and delete them).
 */
import { randomUUID } from 'node:crypto';
import { withTranslation } from '#shared/schemas/multilingual.ts';
import type { TermCreateBody, TermListQuery, TermUpdateBody } from '#shared/schemas/term.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import { invalidParams } from '../../domain/errors.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller } from '../posts/access.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import { createTermRules } from './term-rules.ts';
import type { StoredTerm, TermOrder, TermsRepo } from './terms.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';

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

  const { find, refIds, parentOf, checkName, slugFor } = createTermRules(terms);

  /** Stores a new term (checks done by the caller), in the request's language. */
  function insert(
    config: TaxonomyConfig,
    body: TermCreateBody,
    parentId: number | null,
    context: DomainContext,
    uuid: string = randomUUID(),
  ): StoredTerm {
    const { language } = context;
    const now = toUtcString(context.now);
    return changes.write((rev) => {
      const term: StoredTerm = {
        id: 0,
        uuid,
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

  // Published-event counts change only with writes: remember them until the next change.
  let countsAt = -1;
  const knownCounts = new Map<number, number>();
  function countsOf(ids: readonly number[]): Map<number, number> {
    if (countsAt !== changes.latest()) {
      knownCounts.clear();
      countsAt = changes.latest();
    }
    const missing = ids.filter((id) => !knownCounts.has(id));
    if (missing.length > 0) {
      const fresh = terms.counts(missing);
      for (const id of missing) knownCounts.set(id, fresh.get(id) ?? 0);
    }
    return new Map(ids.map((id) => [id, knownCounts.get(id) ?? 0]));
  }

  return {
    find,
    resolveRefs: refIds,
    /** A category filter's categories and all their descendants (WordPress `include_children`). */
    withDescendants: (config: TaxonomyConfig, ids: readonly number[]) =>
      config.hierarchical ? terms.withDescendants(config.taxonomy, ids) : [...ids],
    getMany: (ids: readonly number[]) => terms.getMany(ids),
    counts: countsOf,

    list(config: TaxonomyConfig, query: TermListQuery, context: DomainContext) {
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
      return { terms: terms.getMany(ids), counts: countsOf(ids), total };
    },

    /** `uuid`: the identity a sync client chose for a term it created offline. */
    create(
      config: TaxonomyConfig,
      body: TermCreateBody,
      context: DomainContext,
      uuid: string = randomUUID(),
    ): StoredTerm {
      const parentId = parentOf(config, body.parent) ?? null;
      requireCaller(context, can.createTerms);
      checkName(config, body.name, parentId);
      return insert(config, body, parentId, context, uuid);
    },

    update(
      config: TaxonomyConfig,
      id: number,
      body: TermUpdateBody,
      context: DomainContext,
    ): StoredTerm {
      const term = find(config, id);
      const parent = parentOf(config, body.parent, id);
      requireCaller(context, can.manageTerms);
      const parentId = parent === undefined ? term.parentId : parent;
      const { language } = context;
      // No term_exists here: WordPress's wp_update_term refuses only a taken slug.
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
    ensure(
      config: TaxonomyConfig,
      items: readonly string[],
      context: DomainContext,
      /** The ids and uuids this write has already looked up. */
      index: LinkIndex,
    ): number[] {
      const { language } = context;
      const numeric = items.filter((item) => /^\d+$/.test(item)).map(Number);
      const known = index.uuidsOf(config.taxonomy, numeric);
      const ids: number[] = [];
      for (const item of items) {
        if (/^\d+$/.test(item)) {
          if (known.has(Number(item))) ids.push(Number(item));
          continue;
        }
        const existing =
          terms.idBySlug(config.taxonomy, item, language) ??
          terms.idsByName(config.taxonomy, item)[0];
        if (existing !== undefined) {
          ids.push(existing);
          continue;
        }
        // WordPress lets contributors add new tags while writing; new categories need an author.
        if (config.hierarchical) requireCaller(context, can.createTerms);
        const term = insert(config, { name: item }, null, context);
        index.remember(config.taxonomy, term.id, term.uuid);
        ids.push(term.id);
      }
      return [...new Set(ids)];
    },

    /** Deletes for good (TEC forces it), handing children to the grandparent; returns the term as it was. */
    remove(
      config: TaxonomyConfig,
      id: number,
      context: DomainContext,
    ): { term: StoredTerm; count: number } {
      const term = find(config, id);
      requireCaller(context, can.manageTerms);
      const count = countsOf([id]).get(id) ?? 0;
      const now = toUtcString(context.now);
      changes.write((rev) => {
        terms.reparentChildren(id, term.parentId, rev, now);
        posts.touch(terms.eventIdsOf(id), rev, now, [
          config.taxonomy === 'category' ? 'categoryUuids' : 'tagUuids',
        ]);
        changes.tombstone(config.taxonomy, term.uuid, id, rev, now);
        terms.delete(id);
      });
      return { term, count };
    },
  };
}
