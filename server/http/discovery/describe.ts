/**
 * The WordPress discovery documents: the site index at `/wp-json/` and each
 * namespace's index, generated from the route tables so they never drift from what is served.
 */
import { z } from 'zod';
import type { RequestContext } from '../request-context.ts';
import { endpoint, type RouteSpec } from '../routes.ts';
import { argHelp } from './arg-help.ts';
import { tecArgsOf } from './tec-args.ts';
import { openApiDocument } from './openapi.ts';

export type Namespace = {
  name: string;
  routes: readonly RouteSpec[];
  /** One of TEC's namespaces: its routes are described as TEC describes them. */
  tec?: boolean;
};

/** A path parameter (`(?P<id>…)`) described by its route when its schema has no description. */
function pathParamDescription(name: string, route: RouteSpec): string | undefined {
  if (!route.pattern.includes(`(?P<${name}>`)) return undefined;
  const noun = route.doc?.schema.toLowerCase() ?? 'record';
  if (name === 'id') return `Unique identifier of the ${noun}.`;
  if (name === 'slug') return `The ${noun}’s slug, unique among records of its kind and language.`;
  return undefined;
}

/**
 * An endpoint's arguments as WordPress lists them (`get_data_for_route`): on a TEC route, TEC's
 * own in its words and order (tec-args.ts), then those only Marquee takes, from their schemas.
 * No arguments at all is `[]`: WordPress's empty PHP array.
 */
function describeArgs(
  endpoint: { methods: readonly string[]; args: z.ZodObject },
  route: RouteSpec,
  namespace: Namespace,
  context: RequestContext,
): Record<string, unknown> | [] {
  const tec = namespace.tec
    ? tecArgsOf(route.pattern, endpoint.methods, context.now, context.settings.timezone)
    : undefined;
  const described: Record<string, unknown> = {};
  for (const name of Object.keys(tec ?? {}))
    if (name in endpoint.args.shape) described[name] = tec![name];
  for (const [name, field] of Object.entries(endpoint.args.shape)) {
    if (name in described) continue;
    const schema = field as z.ZodType;
    const required = !schema.safeParse(undefined).success;
    described[name] = argHelp(schema, required, pathParamDescription(name, route));
  }
  return Object.keys(described).length === 0 ? [] : described;
}

/** The arguments WordPress gives every namespace's own route. */
const indexArgs = (namespace: string) => ({
  namespace: { default: namespace, required: false },
  context: { default: 'view', required: false },
});

/** Route key as WordPress shows it: `/tribe/events/v1/venues/(?P<id>\d+)`. */
function routeKey(namespace: string, route: RouteSpec): string {
  return `/${namespace}${route.pattern}`;
}

function describeRoutes(namespace: Namespace, context: RequestContext) {
  return Object.fromEntries(
    namespace.routes.map((route) => {
      const methods = [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))];
      const description: Record<string, unknown> = {
        namespace: namespace.name,
        methods,
        endpoints: route.endpoints.map((endpoint) => ({
          methods: endpoint.methods,
          args:
            route.pattern === ''
              ? indexArgs(namespace.name)
              : describeArgs(endpoint, route, namespace, context),
        })),
      };
      if (!route.pattern.includes('(?P<')) {
        // The namespace's own route is named without a closing slash, as WordPress names it.
        const href = context.urls.route(namespace.name, route.pattern.slice(1));
        description._links = {
          self: [{ href: route.pattern === '' ? href.replace(/\/$/, '') : href }],
        };
      }
      return [routeKey(namespace.name, route), description];
    }),
  );
}

function namespaceIndex(namespace: Namespace, context: RequestContext) {
  return {
    namespace: namespace.name,
    routes: describeRoutes(namespace, context),
    _links: { up: [{ href: context.urls.index() }] },
  };
}

export function siteIndex(namespaces: readonly Namespace[], context: RequestContext) {
  const routes = Object.assign(
    {},
    ...namespaces.map((ns) => describeRoutes(ns, context)),
  ) as object;
  return {
    name: 'Marquee',
    description: 'Offline event calendar answering like The Events Calendar REST API',
    url: context.urls.origin,
    home: context.urls.origin,
    timezone_string: context.settings.timezone,
    namespaces: namespaces.map((ns) => ns.name),
    authentication: {},
    routes,
    _links: {
      help: [
        {
          href: 'https://theeventscalendar.com/knowledgebase/introduction-to-the-events-calendar-rest-api/',
        },
      ],
    },
  };
}

/** The namespace's own routes: its index (`/{namespace}`) and, for TEC's, `/doc`. */
export function withDiscovery(namespace: Namespace, documented: boolean): Namespace {
  const full: Namespace = { name: namespace.name, routes: [], tec: documented };
  const index: RouteSpec = {
    path: '/',
    pattern: '',
    endpoints: [
      endpoint(['GET'], z.object({}), (_params, context) => ({
        body: namespaceIndex(full, context),
        // TEC's events list defaults are computed per request (end_date: now + 24 months).
        cacheable: !full.tec,
      })),
    ],
  };
  const doc: RouteSpec = {
    path: '/doc',
    pattern: '/doc',
    endpoints: [
      endpoint(['GET'], z.object({}), (_params, context) => ({
        body: openApiDocument(full, context),
      })),
    ],
  };
  full.routes = [index, ...(documented ? [doc] : []), ...namespace.routes];
  return full;
}
