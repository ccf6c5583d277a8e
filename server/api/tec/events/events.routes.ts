/**
 * `/events` of the TEC namespace: list, read, create, update
 * and delete, by id and by slug, with `password` on reads.
 */
import { z } from 'zod';
import {
  eventCreateBodySchema,
  eventListQuerySchema,
  eventUpdateBodySchema,
  scopeSchema,
  type EventListQuery,
} from '#shared/schemas/event.ts';
import { wpBoolean, wpInteger, wpNonEmptyString } from '#shared/schemas/wp-params.ts';
import { ApiError } from '../../../http/api-error.ts';
import { invalidParams } from '../../../domain/errors.ts';
import { pageLinks, totalHeaders, type ListUrl } from '../../../http/pagination.ts';
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
import { mustRedact } from '../../../domain/posts/access.ts';
import type { StoredEvent } from '../../../store/events.repo.ts';
import type { EventsService } from '../../../domain/events/events.service.ts';
import { createSource, updateSource, type TecEventBodies } from './tec-event-body.ts';
import { toTecEvent, type EventView } from './events.tec-mapper.ts';
import { withClashes } from './event-clashes.ts';
import { openCount, toTemplate } from './fragment-template.ts';
import { asksClashes, booksAnyway } from '../../../http/asks-clashes.ts';
import { listJson, singleJson, type EventFragments } from './event-fragments.ts';

/**
 * The list query as TEC echoes it in `rest_url`, in its key order, dates as
 * the list read them, `status` as the list showed them (`publish` to visitors, `any` to writers
 * who sent none). Marquee keeps the filters TEC leaves out (categories, tags, strict_dates:
 * a next page keeps every filter) and the language. TEC adds venue, organizer and
 * featured in a second call when the request names one (`extra`).
 */
function restUrlQuery(
  query: EventListQuery,
  bounds: [string, string][],
  status: string,
  language: string | undefined,
): Pick<ListUrl, 'args' | 'extra'> {
  const dates = new Map(bounds);
  const named = query.venue ?? query.organizer ?? query.featured;
  return {
    args: [
      ['start_date', dates.get('start_date')],
      ['end_date', dates.get('end_date')],
      ['search', query.search],
      ['categories', query.categories],
      ['tags', query.tags],
      ['status', status],
      ['post_parent', query.post_parent],
      ['include', query.include],
      ['starts_before', dates.get('starts_before')],
      ['starts_after', dates.get('starts_after')],
      ['ends_before', dates.get('ends_before')],
      ['ends_after', dates.get('ends_after')],
      ['strict_dates', query.strict_dates ? 'true' : undefined],
      ['language', language],
    ],
    ...(named === undefined
      ? {}
      : {
          extra: [
            ['venue', query.venue],
            ['organizer', query.organizer],
            ['featured', query.featured ? 1 : undefined],
          ],
        }),
  };
}

/** Digits only (the route guard); 0 is looked up like any id and is not found (TEC: 404). */
const byId = { id: wpInteger };
const bySlug = { slug: z.string().min(1) };
type Locator = { id?: number; slug?: string };
type Locate = (params: Locator, context: RequestContext) => number;

/** `fragments`: the events' JSON kept between requests (event-fragments.ts). */
export function eventRoutes(
  service: EventsService,
  bodies: TecEventBodies,
  fragments: EventFragments,
): RouteSpec[] {
  const render = (event: StoredEvent, context: RequestContext, view: EventView) =>
    toTecEvent(event, service.linkData([event]), context, view);
  /**
   * The JSON of events as `view` shows them, made together for those not kept from what `load`
   * gives (the events by id, unless the caller has them already).
   */
  const jsonOf = (
    ids: readonly number[],
    context: RequestContext,
    variant: string,
    view: (event: StoredEvent) => EventView,
    options: {
      load?: (missing: number[]) => StoredEvent[];
      list?: boolean;
    } = {},
  ) =>
    fragments.of(
      ids,
      context,
      variant,
      (missing) => {
        const events = (options.load ?? service.getMany)(missing);
        const data = service.linkData(events);
        // Each term's count left open, to be put in when sent (fragment-template.ts).
        const terms = events.flatMap((event) => [...event.categoryIds, ...event.tagIds]);
        const open = { ...data, termCounts: new Map(terms.map((term) => [term, openCount(term)])) };
        return new Map(
          events.map((event) => [
            event.id,
            toTemplate(JSON.stringify(toTecEvent(event, open, context, view(event)))),
          ]),
        );
      },
      options,
    );
  const plain = { single: false, redact: false };

  /** By slug, an unknown slug is a 400 on reads and deletes and a 404 on updates (as TEC). */
  const slugLocator =
    (unknown: 'invalid' | 'not-found'): Locate =>
    (params, context) => {
      const id = service.idBySlug(params.slug ?? '', context);
      if (id !== undefined) return id;
      if (unknown === 'not-found')
        // TEC looks the slug up to id 0 and reports that id (measured on TEC 6.17.2).
        throw new ApiError('rest-event-not-found', 'Event with ID 0 does not exist.');
      throw invalidParams({ slug: `no event has the slug "${params.slug}"` });
    };

  /**
   * GET, DELETE and update of one event, in TEC's order (the `Allow` header and the index list
   * them so). `pathId`: the id in the path, undefined on the by-slug route (TEC asks the
   * generic rights there).
   */
  function single(
    locator: typeof byId | typeof bySlug,
    locate: { read: Locate; update: Locate },
    pathId: (req: Request) => number | undefined,
  ): Endpoint[] {
    const mayChange: Allows = (req, context) => service.mayChange(pathId(req), context);
    return [
      endpoint(
        ['GET'],
        z.object({
          ...locator,
          password: wpNonEmptyString
            .optional()
            .meta({ description: 'The event’s password, to read it when it is protected.' }),
        }),
        (params, context, req) => {
          const event = service.read(locate.read(params, context), context, params.password);
          if (asksClashes(req))
            return {
              body: withClashes(
                render(event, context, { single: true, redact: false }),
                event,
                service,
                context,
                req,
              ),
            };
          const single = () => ({ single: true, redact: false });
          const [json] = jsonOf([event.id], context, 'single', single, { load: () => [event] });
          return { body: singleJson(json!) };
        },
      ),
      endpoint(
        ['DELETE'],
        z.object({
          ...locator,
          force: wpBoolean.default(false).meta({
            description: 'true deletes the event for good instead of moving it to the trash.',
          }),
          password: z.string().optional().meta({ description: 'Accepted and ignored.' }),
          scope: scopeSchema.optional(),
        }),
        (params, context) => ({
          body: render(
            service.remove(locate.read(params, context), params.force, context, {
              scope: params.scope,
            }),
            context,
            plain,
          ),
        }),
        mayChange,
      ),
      endpoint(
        EDITABLE,
        eventUpdateBodySchema.extend(locator),
        (body, context, req) => {
          const event = service.update(
            locate.update(body, context),
            updateSource(bodies, body, context),
            context,
            { scope: body.scope, booking: { anyway: booksAnyway(req) } },
          );
          return { body: withClashes(render(event, context, plain), event, service, context, req) };
        },
        mayChange,
      ),
    ];
  }

  const list = endpoint(['GET'], eventListQuerySchema, (query, context) => {
    const { ids, total, bounds, relativeToNow } = service.list(query, context);
    const status = query.status?.join(',') ?? (service.mayCreate(context) ? 'any' : 'publish');
    const links = pageLinks({ page: query.page, perPage: query.per_page }, total, {
      base: context.urls.route(context.namespace, 'events/'),
      ...restUrlQuery(query, bounds, status, context.requested.language),
    });
    const items = jsonOf(
      ids,
      context,
      `list:${query.password ?? ''}`,
      (event) => ({ single: false, redact: mustRedact(event, context, query.password) }),
      { list: query.password === undefined },
    );
    return {
      headers: totalHeaders(links),
      body: listJson('events', items, links),
      cacheable: !relativeToNow,
    };
  });

  const create = endpoint(
    ['POST'],
    eventCreateBodySchema,
    (body, context, req) => {
      const event = service.create(createSource(bodies, body, context), context, {
        booking: { anyway: booksAnyway(req) },
      });
      return {
        status: 201,
        body: withClashes(render(event, context, plain), event, service, context, req),
      };
    },
    (_req, context) => service.mayCreate(context),
  );

  const id: Locate = (params) => params.id ?? 0;
  return [
    {
      path: '/events',
      pattern: '/events',
      endpoints: [list, create],
      doc: { schema: 'Event', list: 'events' },
    },
    {
      doc: { schema: 'Event' },
      path: '/events/:id',
      pattern: '/events/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: single(byId, { read: id, update: id }, (req) => Number(req.params.id)),
    },
    {
      doc: { schema: 'Event' },
      path: '/events/by-slug/:slug',
      pattern: '/events/by-slug/(?P<slug>[^/]+)',
      endpoints: single(
        bySlug,
        { read: slugLocator('invalid'), update: slugLocator('not-found') },
        () => undefined,
      ),
    },
  ];
}
