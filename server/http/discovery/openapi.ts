/**
 * `GET /{namespace}/doc`: an OpenAPI 3.0 document generated from the same route tables and zod
 * schemas that validate requests (tec-rest-v1 §7.2): TEC's path keys, get/post/delete per path,
 * the wire shapes under components.schemas, servers[0].url = the API root.
 */
import { z } from 'zod';
import { dateDetailsSchema, tecImageSchema } from '#shared/tec/envelope.ts';
import { costDetailsSchema, tecEventSchema } from '#shared/tec/event.ts';
import { tecOrganizerSchema } from '#shared/tec/organizer.ts';
import { tecTermSchema } from '#shared/tec/term.ts';
import { tecVenueSchema } from '#shared/tec/venue.ts';
import type { RequestContext } from '../request-context.ts';
import type { Endpoint, Method, RouteSpec } from '../routes.ts';
import type { Namespace } from './describe.ts';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') => {
  const out = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};

const COMPONENTS = {
  ImageSize: z.object({
    width: z.int(),
    height: z.int(),
    'mime-type': z.string(),
    url: z.string(),
  }),
  CostDetails: costDetailsSchema,
  Term: tecTermSchema,
  Image: tecImageSchema,
  DateDetails: dateDetailsSchema,
  Event: tecEventSchema,
  Venue: tecVenueSchema,
  Organizer: tecOrganizerSchema,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operation(route: RouteSpec, endpoint: Endpoint, method: Method) {
  const pathParams = [...route.pattern.matchAll(/\(\?P<(\w+)>/g)].map((match) => match[1]);
  const fields = Object.entries(endpoint.args.shape) as [string, z.ZodType][];
  // TEC's shape: the description (from the field's .meta()) beside the schema, not in it.
  const parameter = (name: string, field: z.ZodType, where: 'path' | 'query') => {
    const { description, ...schema } = json(field, 'input');
    return {
      name,
      in: where,
      ...(typeof description === 'string' ? { description } : {}),
      required: where === 'path' || !field.safeParse(undefined).success,
      schema,
    };
  };
  const inBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const parameters = fields
    .filter(([name]) => pathParams.includes(name) || !inBody)
    .map(([name, field]) => parameter(name, field, pathParams.includes(name) ? 'path' : 'query'));
  const body = Object.fromEntries(
    fields
      .filter(([name]) => !pathParams.includes(name))
      .map(([name, field]) => [name, json(field, 'input')]),
  );
  const schema = route.doc
    ? route.doc.list
      ? {
          type: 'object',
          properties: { [route.doc.list]: { type: 'array', items: ref(route.doc.schema) } },
        }
      : ref(route.doc.schema)
    : { type: 'object' };
  const created = method === 'POST' && !route.pattern.includes('(?P<');
  return {
    parameters,
    ...(inBody
      ? {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': { schema: { type: 'object', properties: body } },
              'application/json': { schema: { type: 'object', properties: body } },
            },
          },
        }
      : {}),
    responses: {
      [created ? '201' : '200']: { description: 'OK', content: { 'application/json': { schema } } },
      '400': { description: 'A parameter is missing or invalid' },
      '401': { description: 'Credentials are needed' },
      '403': { description: 'Not allowed' },
      '404': { description: 'Not found' },
    },
  };
}

export function openApiDocument(namespace: Namespace, context: RequestContext) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of namespace.routes) {
    if (route.pattern === '') continue;
    const path = route.pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
    const item: Record<string, unknown> = {};
    // TEC documents get, post and delete in that order, whatever order the route lists them.
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const endpoint = route.endpoints.find((candidate) => candidate.methods.includes(method));
      if (!endpoint) continue;
      item[method.toLowerCase()] =
        route.pattern === '/doc'
          ? { responses: { '200': { description: 'Returns the documentation JSON' } } }
          : operation(route, endpoint, method);
    }
    paths[path] = item;
  }
  return {
    openapi: '3.0.0',
    info: {
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description: 'The Events Calendar REST API, served by Marquee from a local calendar.',
    },
    servers: [{ url: context.urls.root(namespace.name) }],
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS).map(([name, schema]) => [name, json(schema)]),
      ),
    },
    paths,
  };
}
