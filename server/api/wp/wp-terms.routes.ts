/**
 * `wp/v2/tribe_events_cat` and `wp/v2/tags`: WordPress core's term collections over Marquee's
 * categories and tags (list, one by id, create, update, delete for good), through the same term
 * reads and writes as TEC's routes, with core's defaults (empty terms shown, by name ascending,
 * up to 100 a page) and answers.
 */
import { z } from 'zod';
import { wpBoolean, wpInteger, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { CATEGORIES, TAGS, type TaxonomyConfig } from '../../domain/terms/taxonomies.ts';
import type { TermsService } from '../../domain/terms/terms.service.ts';
import { ApiError } from '../../http/api-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { ID, endpoint, type RouteSpec } from '../../http/routes.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import type { StoredTerm } from '../../store/terms.repo.ts';
import { termUrl } from '../tec/terms/terms.tec-mapper.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import { renderTitle } from '../tec/posts/post-wire.ts';
import { onlyFields, perPageOf, wpListArgs, wpTotals } from './wp-params.ts';
import { WP_TERM_ROUTE, wpTermAddress, wpTermLinks } from './wp-term-links.ts';
import { termPatchOf } from '../tec/terms/term-patch.ts';
import { termCreateBodySchema, termUpdateBodySchema } from '#shared/schemas/term.ts';

const ORDERS = [
  'id',
  'include',
  'name',
  'slug',
  'include_slugs',
  'term_group',
  'description',
  'count',
] as const;

function toWpTerm(
  term: StoredTerm,
  count: number,
  parents: readonly StoredTerm[],
  config: TaxonomyConfig,
  context: RequestContext,
  links = true,
) {
  const pick = (field: 'name' | 'description' | 'slug') =>
    pickTranslation(term[field], context.language, context.settings.defaultLanguage)?.value ?? '';
  const slug = pick('slug');
  return {
    id: term.id,
    count,
    description: pick('description'),
    link: termUrl(term, slug, parents, config, context),
    name: renderTitle(pick('name')),
    slug,
    taxonomy: config.wpName,
    ...(config.hierarchical ? { parent: term.parentId ?? 0 } : {}),
    meta: [],
    ...(links ? { _links: wpTermLinks(term, config, context) } : {}),
  };
}

/**
 * An event's `_embedded['wp:term']`: its tags, then its categories, as WordPress embeds them
 * (the `embed` context's fields).
 */
export function embeddedTerms(
  event: StoredEvent,
  terms: ReadonlyMap<number, StoredTerm>,
  parentsOf: (term: StoredTerm) => StoredTerm[],
  context: RequestContext,
) {
  const of = (ids: readonly number[], config: TaxonomyConfig) =>
    ids.flatMap((id) => {
      const term = terms.get(id);
      if (!term) return [];
      const { link, name, slug, taxonomy, _links } = toWpTerm(
        term,
        0,
        parentsOf(term),
        config,
        context,
      );
      return [{ id, link, name, slug, taxonomy, _links }];
    });
  return [of(event.tagIds, TAGS), of(event.categoryIds, CATEGORIES)];
}

export function wpTermRoutes(terms: TermsService): RouteSpec[] {
  function routesOf(config: TaxonomyConfig): RouteSpec[] {
    const { path } = WP_TERM_ROUTE.get(config)!;
    const listArgs = z.object({
      ...wpListArgs,
      order: z.enum(['asc', 'desc']).default('asc').meta({ description: 'Sort direction.' }),
      orderby: z.enum(ORDERS).default('name').meta({ description: 'What to sort by.' }),
      hide_empty: wpBoolean.default(false).meta({
        description: 'Whether to hide terms not assigned to any posts.',
      }),
      ...(config.hierarchical
        ? { parent: wpInteger.optional().meta({ description: 'Children of this term.' }) }
        : {}),
      post: wpPositiveInteger.optional().meta({ description: 'The terms of this event.' }),
    });
    const list = endpoint(['GET'], listArgs, (params, context) => {
      const perPage = perPageOf(params.per_page);
      const parent = (params as { parent?: number }).parent;
      const {
        terms: found,
        counts,
        total,
      } = terms.list(
        config,
        {
          page: params.page,
          per_page: perPage,
          search: params.search || undefined,
          include: params.include?.map(String),
          exclude: params.exclude?.map(String),
          order: params.order,
          orderby: params.orderby,
          hide_empty: params.hide_empty,
          parent,
          post: params.post,
          slug: params.slug?.[0],
        },
        context,
      );
      const body = found.map((term) =>
        onlyFields(
          toWpTerm(term, counts.get(term.id) ?? 0, terms.parentsOf(term), config, context),
          params._fields,
        ),
      );
      return { headers: wpTotals(total, Math.ceil(total / perPage)), body };
    });
    const shape = (term: StoredTerm, context: RequestContext) =>
      toWpTerm(
        term,
        terms.counts([term.id]).get(term.id) ?? 0,
        terms.parentsOf(term),
        config,
        context,
      );
    /** The term by id in this taxonomy, else core's 404. */
    const termOf = (id: number) => {
      const [term] = terms.getMany([id]);
      if (!term || term.taxonomy !== config.taxonomy)
        throw new ApiError('rest_term_invalid', 'Term does not exist.', {}, 404);
      return term;
    };
    const one = endpoint(
      ['GET'],
      z.object({
        id: wpPositiveInteger,
        context: wpListArgs.context,
        _fields: wpListArgs._fields,
      }),
      (params, context) => ({
        body: onlyFields(shape(termOf(params.id), context), params._fields),
      }),
      (req) => terms.getMany([Number(req.params.id)])[0]?.taxonomy === config.taxonomy,
    );
    // Writes run the same term commands as tribe/events/v1, with core's answers.
    const create = endpoint(
      ['POST'],
      termCreateBodySchema,
      (body, context) => {
        const term = terms.create(config, termPatchOf(terms, config, body, context), context);
        return {
          status: 201,
          headers: { Location: wpTermAddress(term, config, context) },
          body: shape(term, context),
        };
      },
      (_req, context) => terms.mayCreate(context),
    );
    const mayManage = (_req: unknown, context: RequestContext) => terms.mayManage(context);
    const update = endpoint(
      ['POST', 'PUT', 'PATCH'],
      termUpdateBodySchema.extend({ id: wpPositiveInteger }),
      (body, context) => {
        termOf(body.id);
        const patch = termPatchOf(terms, config, body, context, body.id);
        return { body: shape(terms.update(config, body.id, patch, context), context) };
      },
      mayManage,
    );
    const remove = endpoint(
      ['DELETE'],
      z.object({ id: wpPositiveInteger, force: wpBoolean.default(false) }),
      (params, context) => {
        // Its parents while it has them: its address names them.
        const parents = terms.parentsOf(termOf(params.id));
        // Rights first, as core checks them before it refuses to trash: one who may not
        // manage terms gets the remove command's refusal.
        if (!params.force && terms.mayManage(context))
          throw new ApiError(
            'rest_trash_not_supported',
            "Terms do not support trashing. Set 'force=true' to delete.",
            {},
            501,
          );
        const { term, count } = terms.remove(config, params.id, context);
        // The term as it was, without links to where it no longer is.
        const previous = toWpTerm(term, count, parents, config, context, false);
        return { body: { deleted: true, previous } };
      },
      mayManage,
    );
    return [
      { path: `/${path}`, pattern: `/${path}`, endpoints: [list, create] },
      {
        path: `/${path}/:id`,
        pattern: `/${path}/(?P<id>[\\d]+)`,
        guards: { id: ID },
        endpoints: [one, update, remove],
      },
    ];
  }
  return [...routesOf(CATEGORIES), ...routesOf(TAGS)];
}
