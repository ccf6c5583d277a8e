/**
 * `/venues` and `/organizers` routes of the TEC namespace: list,
 * read, create, update and delete, by id and by slug.
 */
import { z } from 'zod';
import { linkedPostListQuerySchema } from '#shared/schemas/post-write.ts';
import { wpBoolean, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { pageLinks, totalHeaders } from '../../../http/pagination.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import type { Request } from 'express';
import {
  EDITABLE,
  ID,
  endpoint,
  type Allows,
  type Endpoint,
  type RouteSpec,
} from '../../../http/routes.ts';
import { asksClashes } from '../../../http/asks-clashes.ts';
import { mustRedact } from '../../../domain/posts/access.ts';
import type { LinkedPost } from '../../../store/linked-posts.repo.ts';
import type { LinkedPostsService } from '../../../domain/linked-posts/linked-posts.service.ts';
import type { LinkedPostBody, TecLinkedPostBodies } from './tec-linked-post-body.ts';

/** `clashes`: the caller asked for Marquee's booking fields (`marquee_clashes=1`). */
export type LinkedPostView = { single: boolean; redact: boolean; clashes?: boolean };

type LinkedPostRouteOptions<D, B extends LinkedPostBody> = {
  service: LinkedPostsService<D>;
  bodies: TecLinkedPostBodies<D, B>;
  createSchema: z.ZodType<B> & z.ZodObject;
  updateSchema: z.ZodType<B> & z.ZodObject;
  toTec: (record: LinkedPost<D>, context: RequestContext, view: LinkedPostView) => object;
};

const byId = { id: wpPositiveInteger };
const bySlug = { slug: z.string().min(1) };
type Locator = { id?: number; slug?: string };

export function linkedPostRoutes<D, B extends LinkedPostBody>(
  options: LinkedPostRouteOptions<D, B>,
): RouteSpec[] {
  const { service, bodies, toTec } = options;
  const { plural } = service.spec;
  const schema = service.spec.kind === 'venue' ? 'Venue' : 'Organizer';
  const plain = { single: false, redact: false };

  /**
   * GET, DELETE and update of one record, in TEC's order (the `Allow` header and the index list
   * them so); `locate` turns the path parameter into an id, `pathId` is the id in the path
   * (undefined by slug, where TEC asks the generic rights).
   */
  function single(
    locator: typeof byId | typeof bySlug,
    locate: (params: Locator, context: RequestContext) => number,
    pathId: (req: Request) => number | undefined,
  ): Endpoint[] {
    const mayChange: Allows = (req, context) => service.mayChange(pathId(req), context);
    return [
      endpoint(
        ['GET'],
        z.object({
          ...locator,
          password: z
            .string()
            .optional()
            .meta({ description: 'The password, to read the record when it is protected.' }),
        }),
        (params, context, req) => {
          const record = service.read(locate(params, context), context);
          return {
            body: toTec(record, context, {
              single: true,
              redact: mustRedact(record, context, params.password),
              clashes: asksClashes(req),
            }),
          };
        },
      ),
      endpoint(
        ['DELETE'],
        z.object({
          ...locator,
          force: wpBoolean.default(false).meta({
            description: 'true deletes the record for good instead of moving it to the trash.',
          }),
        }),
        (params, context) => ({
          body: toTec(
            service.remove(locate(params, context), params.force, context),
            context,
            plain,
          ),
        }),
        mayChange,
      ),
      endpoint(
        EDITABLE,
        options.updateSchema.extend(locator),
        (body, context, req) => ({
          body: toTec(bodies.update(locate(body, context), body as B, context), context, {
            ...plain,
            clashes: asksClashes(req),
          }),
        }),
        mayChange,
      ),
    ];
  }

  const list = endpoint(['GET'], linkedPostListQuerySchema, (query, context, req) => {
    const { records, total } = service.list(query, context);
    // TEC echoes page, per_page, event, has_events (as sent) and status (`publish` to
    // visitors, `any` to writers who sent none); Marquee keeps its search and
    // only_with_upcoming too (a next page keeps every filter), and the language.
    const hasEvents = req.query.has_events;
    const links = pageLinks({ page: query.page, perPage: query.per_page }, total, {
      base: context.urls.route(context.namespace, `${plural}/`),
      args: [
        ['event', query.event],
        ['has_events', typeof hasEvents === 'string' ? hasEvents : query.has_events],
        ['status', query.status?.join(',') ?? (service.mayCreate(context) ? 'any' : 'publish')],
        ['search', query.search],
        ['only_with_upcoming', query.only_with_upcoming || undefined],
        ['language', context.requested.language],
      ],
    });
    const items = records.map((record) =>
      toTec(record, context, {
        single: false,
        redact: mustRedact(record, context, query.password),
      }),
    );
    // only_with_upcoming depends on the clock.
    return {
      headers: totalHeaders(links),
      body: { [plural]: items, ...links },
      cacheable: !query.only_with_upcoming,
    };
  });

  const create = endpoint(
    ['POST'],
    options.createSchema,
    (body, context, req) => ({
      status: 201,
      body: toTec(bodies.create(body as B, context), context, {
        ...plain,
        clashes: asksClashes(req),
      }),
    }),
    (_req, context) => service.mayCreate(context),
  );

  return [
    {
      path: `/${plural}`,
      pattern: `/${plural}`,
      endpoints: [list, create],
      doc: { schema, list: plural },
    },
    {
      doc: { schema },
      path: `/${plural}/:id`,
      pattern: `/${plural}/(?P<id>\\d+)`,
      guards: { id: ID },
      endpoints: single(
        byId,
        (params) => params.id ?? 0,
        (req) => Number(req.params.id),
      ),
    },
    {
      doc: { schema },
      path: `/${plural}/by-slug/:slug`,
      pattern: `/${plural}/by-slug/(?P<slug>[^/]+)`,
      endpoints: single(
        bySlug,
        (params, context) => service.idBySlug(params.slug ?? '', context),
        () => undefined,
      ),
    },
  ];
}
