/**
 * `/venues` routes of the TEC namespace (tec-rest-v1 §3.2, §4.3, §5.2): list, read, create,
 * update and delete, by id and by slug.
 */
import { z } from 'zod';
import {
  venueCreateBodySchema,
  venueListQuerySchema,
  venueUpdateBodySchema,
} from '#shared/schemas/venue.ts';
import { wpBoolean, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { EDITABLE, ID, endpoint, type Endpoint, type RouteSpec } from '../../http/routes.ts';
import { pageLinks, totalHeaders } from '../../http/pagination.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { mustRedact } from '../posts/access.ts';
import type { VenuesService } from './venues.service.ts';
import { toTecVenue } from './venues.tec-mapper.ts';

const byId = { id: wpPositiveInteger };
const bySlug = { slug: z.string().min(1) };
type Locator = { id?: number; slug?: string };

export function venueRoutes(service: VenuesService): RouteSpec[] {
  /** GET, update and DELETE of one venue; `locate` turns the path parameter into an id. */
  function single(
    locator: typeof byId | typeof bySlug,
    locate: (params: Locator, context: RequestContext) => number,
  ): Endpoint[] {
    return [
      endpoint(
        ['GET'],
        z.object({ ...locator, password: z.string().optional() }),
        (params, context) => {
          const venue = service.read(locate(params, context), context);
          const redact = mustRedact(venue, context, params.password);
          return { body: toTecVenue(venue, context, { single: true, redact }) };
        },
      ),
      endpoint(EDITABLE, venueUpdateBodySchema.extend(locator), (body, context) => {
        const venue = service.update(locate(body, context), body, context);
        return { body: toTecVenue(venue, context, { single: false, redact: false }) };
      }),
      endpoint(
        ['DELETE'],
        z.object({ ...locator, force: wpBoolean.default(false) }),
        (params, context) => {
          const venue = service.remove(locate(params, context), params.force, context);
          return { body: toTecVenue(venue, context, { single: false, redact: false }) };
        },
      ),
    ];
  }

  const list = endpoint(['GET'], venueListQuerySchema, (query, context) => {
    const { venues, total } = service.list(query, context);
    const links = pageLinks(
      { page: query.page, perPage: query.per_page },
      total,
      (values) => context.urls.route(context.namespace, 'venues/', values),
      [
        ['search', query.search],
        ['status', query.status],
        ['language', context.languageParam],
      ],
    );
    const items = venues.map((venue) =>
      toTecVenue(venue, context, {
        single: false,
        redact: mustRedact(venue, context, query.password),
      }),
    );
    return { headers: totalHeaders(links), body: { venues: items, ...links } };
  });

  const create = endpoint(['POST'], venueCreateBodySchema, (body, context) => ({
    status: 201,
    body: toTecVenue(service.create(body, context), context, { single: false, redact: false }),
  }));

  return [
    { path: '/venues', pattern: '/venues', endpoints: [list, create] },
    {
      path: '/venues/:id',
      pattern: '/venues/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: single(byId, (params) => params.id ?? 0),
    },
    {
      path: '/venues/by-slug/:slug',
      pattern: '/venues/by-slug/(?P<slug>[^/]+)',
      endpoints: single(bySlug, (params, context) => service.idBySlug(params.slug ?? '', context)),
    },
  ];
}
