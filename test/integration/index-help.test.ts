/**
 * `?context=help` in the indexes (WordPress `get_data_for_route`): every argument of every
 * endpoint described the WordPress way, from the zod schema that validates it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { POST_STATUSES } from '#shared/schemas/common.ts';
import { eventCreateBodySchema, eventListQuerySchema } from '#shared/schemas/event.ts';
import { DEFAULT_PER_PAGE } from '#shared/schemas/wp-params.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('?context=help in the indexes (WordPress get_data_for_route)', () => {
  type Arg = Record<string, unknown>;
  type Route = { endpoints: { methods: string[]; args: Record<string, Arg> }[] };
  const routesOf = (body: unknown) => (body as { routes: Record<string, Route> }).routes;
  const argsOf = (routes: Record<string, Route>, route: string, method: string) => {
    const found = routes[route]?.endpoints.find((endpoint) => endpoint.methods.includes(method));
    if (!found) throw new Error(`no ${method} ${route}`);
    return found.args;
  };

  it('describes each argument with type, description, default, items, enum and required', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    const list = argsOf(routes, '/tribe/events/v1/events', 'GET');
    expect(list.page).toEqual({
      description: 'The page of results to return.',
      type: 'integer',
      default: 1,
      required: false,
    });
    expect(list.per_page).toMatchObject({ type: 'integer', default: DEFAULT_PER_PAGE });
    expect(list.venue).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(list.featured).toMatchObject({ type: 'boolean', required: false });
    const create = argsOf(routes, '/tribe/events/v1/events', 'POST');
    expect(create.title).toMatchObject({ type: 'string', required: true });
    expect(create.status).toMatchObject({ type: 'string', enum: [...POST_STATUSES] });
    const remove = argsOf(routes, '/tribe/events/v1/events/(?P<id>\\d+)', 'DELETE');
    expect(remove.force).toMatchObject({ type: 'boolean', default: false, required: false });
    expect(remove.id).toMatchObject({ type: 'integer', required: true });
    expect(String(remove.id?.description)).toMatch(/event/);
    const terms = argsOf(routes, '/tribe/events/v1/categories', 'GET');
    expect(terms.hide_empty).toMatchObject({ type: 'boolean', default: true });
  });

  it('takes every description from the schema that validates the argument', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    // The description in .meta(), under the optional / required wrappers of partial bodies.
    const declaredOf = (field: z.ZodType): string | undefined => {
      const inner = (field._zod.def as { innerType?: z.ZodType }).innerType;
      return field.description ?? (inner && declaredOf(inner));
    };
    const described = (args: Record<string, Arg>, schema: z.ZodObject) =>
      Object.entries(schema.shape).map(([name, field]) => [
        args[name]?.description,
        declaredOf(field as z.ZodType),
      ]);
    for (const [sent, declared] of [
      ...described(argsOf(routes, '/tribe/events/v1/events', 'GET'), eventListQuerySchema),
      ...described(argsOf(routes, '/tribe/events/v1/events', 'POST'), eventCreateBodySchema),
    ]) {
      expect(declared).toBeTypeOf('string');
      expect(sent).toBe(declared);
    }
  });

  it('describes every argument of every TEC route', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    const undescribed = Object.entries(routes).flatMap(([route, { endpoints }]) =>
      endpoints.flatMap(({ methods, args }) =>
        Object.entries(args)
          .filter(([, arg]) => typeof arg.description !== 'string' || arg.type === undefined)
          .map(([name]) => `${methods.join(',')} ${route} ${name}`),
      ),
    );
    expect(undescribed).toEqual([]);
    expect(Object.keys(routes).length).toBeGreaterThan(10);
  });

  it('answers the same under calendar/events/v1, the ?rest_route= form and the site index', async () => {
    const tribe = routesOf((await server.api('/?context=help')).body);
    const expected = argsOf(tribe, '/tribe/events/v1/venues', 'GET');
    const calendar = routesOf(
      (await server.request('/wp-json/calendar/events/v1/?context=help')).body,
    );
    expect(argsOf(calendar, '/calendar/events/v1/venues', 'GET')).toEqual(expected);
    const queryRoot = routesOf(
      (await server.request('/?rest_route=/tribe/events/v1/&context=help')).body,
    );
    expect(argsOf(queryRoot, '/tribe/events/v1/venues', 'GET')).toEqual(expected);
    const site = routesOf((await server.request('/wp-json/?context=help')).body);
    expect(argsOf(site, '/tribe/events/v1/venues', 'GET')).toEqual(expected);
    expect(argsOf(site, '/calendar/events/v1/venues', 'GET')).toEqual(expected);
  });

  it('leaves the index without context=help as it was: JSON schemas, no descriptions', async () => {
    for (const path of [
      '/wp-json/tribe/events/v1/',
      '/wp-json/',
      '/wp-json/tribe/events/v1/?context=view',
    ]) {
      const text = JSON.stringify((await server.request(path)).body);
      expect(text, path).not.toContain('"description":"The page');
      const page = argsOf(routesOf(JSON.parse(text)), '/tribe/events/v1/events', 'GET').page;
      expect(page, path).toEqual({
        required: false,
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
      });
    }
  });

  it('gives /doc’s parameters the same descriptions, beside their schemas as TEC does', async () => {
    const help = argsOf(
      routesOf((await server.api('/?context=help')).body),
      '/tribe/events/v1/events',
      'GET',
    );
    type Parameter = { name: string; description?: string; schema: object };
    const doc = (await server.api('/doc')).body as {
      paths: Record<string, { get?: { parameters: Parameter[] } }>;
    };
    const parameters = doc.paths['/events']?.get?.parameters ?? [];
    expect(parameters.length).toBeGreaterThan(10);
    for (const parameter of parameters) {
      expect(parameter.description, parameter.name).toBe(help[parameter.name]?.description);
      expect(parameter.schema, parameter.name).not.toHaveProperty('description');
    }
  });
});
