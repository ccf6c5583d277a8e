/**
 * `wp/v2/tribe_events`, `/tribe_venue` and `/tribe_organizer`: WordPress core's post
 * collections over Marquee's records (list and one by id), with WP_Query's filters, paging in
 * X-WP-Total / X-WP-TotalPages, `_fields`, `_embed` (author, image, terms) and `context=edit` for
 * those who may edit.
 */
import type { z } from 'zod';
import type { PostKind } from '#shared/kinds/registry.ts';
import { can } from '../../auth/capabilities.ts';
import { mustRedact } from '../../domain/posts/access.ts';
import type { WpPostReads } from '../../domain/posts/wp-post-reads.ts';
import type { EventsService } from '../../domain/events/events.service.ts';
import type {
  OrganizersService,
  VenuesService,
} from '../../domain/linked-posts/linked-posts.service.ts';
import type { TermsService } from '../../domain/terms/terms.service.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { ID, endpoint, type RouteSpec } from '../../http/routes.ts';
import type { UsersRepo } from '../../store/users.repo.ts';
import type { WpRecord } from './wp-meta.ts';
import {
  embedsOf,
  forbiddenContext,
  oneOf,
  onlyFields,
  perPageOf,
  utcOfRfc3339,
  wpTotals,
} from './wp-params.ts';
import { toWpLink, toWpPost } from './wp-post-shape.ts';
import { embeddedImage, imageOf } from './wp-featured-media.ts';
import { embeddedTerms } from './wp-terms.routes.ts';
import { WP_TYPE } from './wp-types.ts';
import { wpEventWrites } from './wp-event-writes.routes.ts';
import type { TecEventBodies } from '../tec/events/tec-event-body.ts';
import { arrayJson, type EventFragments } from '../tec/events/event-fragments.ts';
import { toTemplate } from '../tec/events/fragment-template.ts';
import type { TecLinkedPostBodies } from '../tec/linked-posts/tec-linked-post-body.ts';
import { wpLinkedPostWrites } from './wp-linked-post-writes.routes.ts';
import {
  venueCreateBodySchema,
  venueUpdateBodySchema,
  type VenueDetails,
  type VenueUpdateBody,
} from '#shared/schemas/venue.ts';
import {
  organizerCreateBodySchema,
  organizerUpdateBodySchema,
  type OrganizerDetails,
  type OrganizerUpdateBody,
} from '#shared/schemas/organizer.ts';

/** What one may do to a record one may change, in core's order. */
const CHANGE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** TEC's venue and organizer meta keys, and the TEC body fields they are. */
const VENUE_META = {
  _VenueAddress: 'address',
  _VenueCity: 'city',
  _VenueCountry: 'country',
  _VenueProvince: 'province',
  _VenueState: 'state',
  _VenueZip: 'zip',
  _VenuePhone: 'phone',
  _VenueURL: 'website',
  _VenueStateProvince: 'stateprovince',
  _VenueShowMap: 'show_map',
  _VenueShowMapLink: 'show_map_link',
};
const ORGANIZER_META = {
  _OrganizerEmail: 'email',
  _OrganizerPhone: 'phone',
  _OrganizerWebsite: 'website',
};
import { toWpUser } from './wp-users.routes.ts';
import { eventListArgs, listArgs, oneArgs, ORDERS } from './wp-post-args.ts';

type Services = {
  reads: WpPostReads;
  /** Records' JSON kept between requests (event-fragments.ts). */
  fragments: Pick<EventFragments, 'of'>;
  eventBodies: TecEventBodies;
  venueBodies: TecLinkedPostBodies<VenueDetails, VenueUpdateBody>;
  organizerBodies: TecLinkedPostBodies<OrganizerDetails, OrganizerUpdateBody>;
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
  users: UsersRepo;
};

export function wpPostRoutes(services: Services): RouteSpec[] {
  const { reads } = services;

  function records(kind: PostKind, ids: readonly number[]): WpRecord[] {
    if (kind === 'event') return services.events.getMany(ids).map((record) => ({ kind, record }));
    const service = kind === 'venue' ? services.venues : services.organizers;
    return service.getMany(ids).map((record) => ({ kind, record }) as WpRecord);
  }

  function render(
    items: readonly WpRecord[],
    context: RequestContext,
    params: {
      context: string;
      password?: string | undefined;
      _fields?: string[] | undefined;
      _embed?: unknown;
    },
  ) {
    const termIds = items.flatMap((item) =>
      item.kind === 'event' ? [...item.record.categoryIds, ...item.record.tagIds] : [],
    );
    const terms = new Map(services.terms.getMany(termIds).map((term) => [term.id, term]));
    // A page's authors are few: each is read once.
    const authors = new Map<number, ReturnType<UsersRepo['findById']>>();
    const authorOf = (id: number) => {
      if (!authors.has(id)) authors.set(id, services.users.findById(id));
      return authors.get(id);
    };
    const embeds = embedsOf(params._embed);
    return items.map((item) => {
      const embedded: Record<string, unknown> = {};
      const post = toWpPost(item, context, {
        edit: params.context === 'edit',
        redact: mustRedact(item.record, context, params.password),
        allow:
          // The record at hand says who may change it: no query per record.
          can.editPost(context.actor, item.record) ? CHANGE_METHODS : ['GET'],
        termOf: (id) => terms.get(id),
      });
      if (embeds('author')) {
        const author = authorOf(item.record.author);
        embedded.author = author ? [toWpUser(author, context, 'embed')] : [];
      }
      if (embeds('wp:featuredmedia') && imageOf(item))
        embedded['wp:featuredmedia'] = [embeddedImage(item, context)];
      if (embeds('wp:term') && item.kind === 'event')
        embedded['wp:term'] = embeddedTerms(
          item.record,
          terms,
          (term) => services.terms.parentsOf(term),
          context,
        );
      if (Object.keys(embedded).length > 0) post._embedded = embedded;
      return onlyFields(post, params._fields);
    });
  }

  /** The writes of a kind, answered in the editing shape. */
  function writesOf(kind: PostKind) {
    const edit = (item: WpRecord, context: RequestContext) =>
      render([item], context, { context: 'edit' })[0];
    if (kind === 'event')
      return wpEventWrites(services.events, services.eventBodies, (record, context) =>
        edit({ kind, record }, context),
      );
    if (kind === 'venue')
      return wpLinkedPostWrites({
        bodies: services.venueBodies,
        nameKey: 'venue',
        meta: VENUE_META,
        createSchema: venueCreateBodySchema,
        updateSchema: venueUpdateBodySchema,
        render: (record, context) => edit({ kind, record }, context),
      });
    return wpLinkedPostWrites({
      bodies: services.organizerBodies,
      nameKey: 'organizer',
      meta: ORGANIZER_META,
      createSchema: organizerCreateBodySchema,
      updateSchema: organizerUpdateBodySchema,
      render: (record, context) => edit({ kind, record }, context),
    });
  }

  function routesOf(kind: PostKind): RouteSpec[] {
    const type = WP_TYPE[kind];
    // Venues and organizers are read only here: their writes go through tribe/events/v1.
    const writes = writesOf(kind);
    const list = endpoint(
      ['GET'],
      kind === 'event' ? eventListArgs : listArgs,
      (params, context) => {
        const perPage = perPageOf(params.per_page);
        const zone = context.settings.timezone;
        const dates = {
          after: utcOfRfc3339('after', params.after, zone),
          before: utcOfRfc3339('before', params.before, zone),
          modified_after: utcOfRfc3339('modified_after', params.modified_after, zone),
          modified_before: utcOfRfc3339('modified_before', params.modified_before, zone),
        };
        if (params.context === 'edit' && !reads.mayEdit(context))
          throw forbiddenContext(context.actor !== undefined, `posts in this post type`);
        const byEvent = params as z.output<typeof eventListArgs>;
        const termSets = [byEvent.tribe_events_cat, byEvent.tags].filter(
          (ids): ids is number[] => ids !== undefined,
        );
        const { ids, total, pages, until } = reads.list(
          kind,
          {
            ...params,
            ...dates,
            per_page: perPage,
            terms: termSets,
            orderby: oneOf('orderby', ORDERS, params.orderby, 'date'),
          },
          context,
        );
        const shown = (missing: readonly number[]) =>
          records(kind, missing).filter((item) => can.readPost(context.actor, item.record));
        const headers = wpTotals(total, pages);
        // Embedded authors, images and terms, and a password's view, are made each time.
        if (params._embed !== undefined || params.password !== undefined)
          return { headers, body: render(shown(ids), context, params), keptUntil: until };
        const variant = `wp|${kind}|${params.context}|${params._fields?.join(',') ?? ''}`;
        const made = (missing: number[]) => {
          const items = shown(missing);
          const posts = render(items, context, params);
          return new Map(
            items.map((item, index) => [item.record.id, toTemplate(JSON.stringify(posts[index]))]),
          );
        };
        const json = services.fragments.of(ids, context, variant, made, {
          list: kind === 'event',
        });
        return { headers, body: arrayJson(json), keptUntil: until };
      },
    );
    const one = endpoint(
      ['GET'],
      oneArgs,
      (params, context) => {
        const id = reads.readable(kind, params.id, context);
        const [item] = records(kind, [id]);
        if (params.context === 'edit' && !can.editPost(context.actor, item!.record))
          throw forbiddenContext(context.actor !== undefined, 'this post');
        const [post] = render([item!], context, params);
        if (kind !== 'event') return { body: post };
        // WordPress points to an event's page (replacing the API's discovery link); TEC's
        // venues and organizers get none.
        const link = toWpLink(item!, context);
        return { body: post, headers: { Link: `<${link}>; rel="alternate"; type=text/html` } };
      },
      (req, context) => reads.mayRead(kind, Number(req.params.id), context),
    );
    return [
      {
        path: `/${type}`,
        pattern: `/${type}`,
        endpoints: [list, writes.create],
      },
      {
        path: `/${type}/:id`,
        pattern: `/${type}/(?P<id>[\\d]+)`,
        guards: { id: ID },
        endpoints: [one, ...writes.single],
      },
    ];
  }

  return (['event', 'venue', 'organizer'] as const).flatMap(routesOf);
}
