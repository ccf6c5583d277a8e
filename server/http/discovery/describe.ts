/**
 * The WordPress discovery documents (tec-rest-v1 §7.1): the site index at `/wp-json/` and each
 * namespace's index, generated from the route tables so they never drift from what is served.
 */
import { z } from 'zod';
import type { RequestContext } from '../request-context.ts';
import { endpoint, type RouteSpec } from '../routes.ts';
import { argHelp } from './arg-help.ts';
import { openApiDocument } from './openapi.ts';

export type Namespace = { name: string; routes: readonly RouteSpec[] };

/**
 * `context` of an index request (WordPress's `?context=`): `help` describes every argument the
 * WordPress way (arg-help.ts); anything else gives the plain index.
 */
type IndexContext = 'view' | 'help';

export function indexContextOf(query: unknown): IndexContext {
  const context = (query as Record<string, unknown> | undefined)?.context;
  return context === 'help' ? 'help' : 'view';
}

/** The plain index shows each argument's JSON schema without descriptions, as it always has. */
const NO_METADATA = z.registry<Record<string, unknown>>();

/** A path parameter (`(?P<id>…)`) described by its route when its schema has no description. */
function pathParamDescription(name: string, route: RouteSpec): string | undefined {
  if (!route.pattern.includes(`(?P<${name}>`)) return undefined;
  const noun = route.doc?.schema.toLowerCase() ?? 'record';
  if (name === 'id') return `Unique identifier of the ${noun}.`;
  if (name === 'slug') return `The ${noun}’s slug, unique among records of its kind and language.`;
  return undefined;
}

function describeArgs(
  args: z.ZodObject,
  route: RouteSpec,
  context: IndexContext,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args.shape).map(([name, field]) => {
      const schema = field as z.ZodType;
      const required = !schema.safeParse(undefined).success;
      if (context === 'help')
        return [name, argHelp(schema, required, pathParamDescription(name, route))];
      const json = z.toJSONSchema(schema, {
        io: 'input',
        unrepresentable: 'any',
        metadata: NO_METADATA,
      }) as Record<string, unknown>;
      delete json.$schema;
      return [name, { required, ...json }];
    }),
  );
}

/** Route key as WordPress shows it: `/tribe/events/v1/venues/(?P<id>\d+)`. */
function routeKey(namespace: string, route: RouteSpec): string {
  return `/${namespace}${route.pattern}`;
}

function describeRoutes(
  namespace: string,
  routes: readonly RouteSpec[],
  context: RequestContext,
  indexContext: IndexContext = 'view',
) {
  return Object.fromEntries(
    routes.map((route) => {
      const methods = [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))];
      const description: Record<string, unknown> = {
        namespace,
        methods,
        endpoints: route.endpoints.map((endpoint) => ({
          methods: endpoint.methods,
          args: describeArgs(endpoint.args, route, indexContext),
        })),
      };
      if (!route.pattern.includes('(?P<')) {
        description._links = {
          self: [{ href: context.urls.route(namespace, route.pattern.slice(1)) }],
        };
      }
      return [routeKey(namespace, route), description];
    }),
  );
}

function namespaceIndex(
  namespace: Namespace,
  context: RequestContext,
  indexContext: IndexContext = 'view',
) {
  return {
    namespace: namespace.name,
    routes: describeRoutes(namespace.name, namespace.routes, context, indexContext),
    _links: { up: [{ href: context.urls.index() }] },
  };
}

export function siteIndex(
  namespaces: readonly Namespace[],
  context: RequestContext,
  indexContext: IndexContext = 'view',
) {
  const routes = Object.assign(
    {},
    ...namespaces.map((ns) => describeRoutes(ns.name, ns.routes, context, indexContext)),
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
  const full: Namespace = { name: namespace.name, routes: [] };
  const index: RouteSpec = {
    path: '/',
    pattern: '',
    endpoints: [
      endpoint(['GET'], z.object({}), (_params, context, req) => ({
        body: namespaceIndex(full, context, indexContextOf(req.query)),
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
