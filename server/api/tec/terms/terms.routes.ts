/**
 * `/categories` and `/tags` of the TEC namespace. A page past the
 * end is an empty 200, as in TEC.
 */
import { z } from 'zod';
import {
  termCreateBodySchema,
  termListQuerySchema,
  termUpdateBodySchema,
  type TermUpdateBody,
} from '#shared/schemas/term.ts';
import { wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { termPageLinks, totalHeaders } from '../../../http/pagination.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { EDITABLE, ID, endpoint, type Allows, type RouteSpec } from '../../../http/routes.ts';
import { CATEGORIES, TAGS, type TaxonomyConfig } from '../../../domain/terms/taxonomies.ts';
import type { TermsService } from '../../../domain/terms/terms.service.ts';
import { toTecTerm } from './terms.tec-mapper.ts';
import { termPatchOf } from './term-patch.ts';
import { wpTermAddress } from '../../wp/wp-term-links.ts';

const byId = { id: wpPositiveInteger };

function taxonomyRoutes(service: TermsService, config: TaxonomyConfig): RouteSpec[] {
  const { plural } = config;
  const list = endpoint(['GET'], termListQuerySchema, (query, context, req) => {
    const { terms, counts, total } = service.list(config, query, context);
    // TEC's term list URLs carry only `page`; Marquee's keep every filter, with
    // per_page when it was sent.
    const links = termPageLinks({ page: query.page, perPage: query.per_page }, total, {
      base: context.urls.route(context.namespace, `${plural}/`),
      args: [
        ['per_page', 'per_page' in req.query ? query.per_page : undefined],
        ['search', query.search],
        ['include', query.include],
        ['exclude', query.exclude],
        ['order', query.order],
        ['orderby', query.orderby],
        ['hide_empty', query.hide_empty ? undefined : 'false'],
        ['parent', query.parent],
        ['event', query.event ?? query.post],
        ['slug', query.slug],
        ['language', context.requested.language],
      ],
    });
    const items = terms.map((term) =>
      toTecTerm(term, counts.get(term.id) ?? 0, service.parentsOf(term), config, context),
    );
    return { headers: totalHeaders(links), body: { [plural]: items, ...links } };
  });

  const patchOf = (body: TermUpdateBody, context: RequestContext, selfId?: number) =>
    termPatchOf(service, config, body, context, selfId);

  const create = endpoint(
    ['POST'],
    termCreateBodySchema,
    (body, context) => {
      const term = service.create(config, patchOf(body, context), context);
      return {
        status: 201,
        // WordPress's address of the new term, as TEC answers it.
        headers: { Location: wpTermAddress(term, config, context) },
        body: toTecTerm(term, 0, service.parentsOf(term), config, context, true),
      };
    },
    (_req, context) => service.mayCreate(context),
  );
  const mayManage: Allows = (_req, context) => service.mayManage(context);

  const read = endpoint(['GET'], z.object(byId), ({ id }, context) => {
    const term = service.find(config, id);
    const count = service.counts([id]).get(id) ?? 0;
    return { body: toTecTerm(term, count, service.parentsOf(term), config, context, true) };
  });

  const update = endpoint(
    EDITABLE,
    termUpdateBodySchema.extend(byId),
    (body, context) => {
      const term = service.update(config, body.id, patchOf(body, context, body.id), context);
      return {
        body: toTecTerm(
          term,
          service.counts([term.id]).get(term.id) ?? 0,
          service.parentsOf(term),
          config,
          context,
          true,
        ),
      };
    },
    mayManage,
  );

  const remove = endpoint(
    ['DELETE'],
    z.object(byId),
    ({ id }, context) => {
      const { term, count } = service.remove(config, id, context);
      return { body: toTecTerm(term, count, service.parentsOf(term), config, context) };
    },
    mayManage,
  );

  return [
    {
      path: `/${plural}`,
      pattern: `/${plural}`,
      endpoints: [list, create],
      doc: { schema: 'Term', list: plural },
    },
    {
      doc: { schema: 'Term' },
      path: `/${plural}/:id`,
      pattern: `/${plural}/(?P<id>\\d+)`,
      guards: { id: ID },
      endpoints: [read, update, remove],
    },
  ];
}

export function termRoutes(service: TermsService): RouteSpec[] {
  return [...taxonomyRoutes(service, CATEGORIES), ...taxonomyRoutes(service, TAGS)];
}
