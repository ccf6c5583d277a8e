/**
 * `?context=help` in the indexes (WordPress `get_data_for_route`): every argument of every
 * endpoint described the WordPress way; TEC's in TEC's words (index-args-tec.test.ts), those only
 * Marquee takes from the zod schema that validates them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eventCreateBodySchema, eventListQuerySchema } from '#shared/schemas/event.ts';
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

  it('describes the arguments only Marquee takes from their schemas, after TEC’s', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    const remove = argsOf(routes, '/tribe/events/v1/events/(?P<id>\\d+)', 'DELETE');
    expect(Object.keys(remove)).toEqual(['id', 'password', 'force', 'scope']);
    expect(remove.force).toMatchObject({ type: 'boolean', default: false, required: false });
    const create = argsOf(routes, '/tribe/events/v1/events', 'POST');
    expect(create.recurrence).toMatchObject({ required: false });
    expect(create.recurrence?.description).toBeTypeOf('string');
    const terms = argsOf(routes, '/tribe/events/v1/categories', 'GET');
    // TEC's own, as TEC writes it: the default is the text "1".
    expect(terms.hide_empty).toMatchObject({ type: 'boolean', default: '1' });
    // marquee/v1 is Marquee's own: every argument from its schema.
    const site = routesOf((await server.request('/wp-json/?context=help')).body);
    const marquee = Object.entries(site).filter(([route]) => route.startsWith('/marquee/v1/'));
    expect(marquee.length).toBeGreaterThan(0);
  });

  it('takes the description of each of Marquee’s own arguments from the schema that reads it', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    // The description in .meta(), under the optional / required wrappers of partial bodies.
    const declaredOf = (field: z.ZodType): string | undefined => {
      const inner = (field._zod.def as { innerType?: z.ZodType }).innerType;
      return field.description ?? (inner && declaredOf(inner));
    };
    const ownOnly = ['password', 'recurrence'];
    const described = (args: Record<string, Arg>, schema: z.ZodObject) =>
      Object.entries(schema.shape)
        .filter(([name]) => ownOnly.includes(name))
        .map(([name, field]) => ({
          name,
          sent: args[name]?.description,
          declared: declaredOf(field as z.ZodType),
        }));
    const pairs = [
      ...described(argsOf(routes, '/tribe/events/v1/events', 'GET'), eventListQuerySchema),
      ...described(argsOf(routes, '/tribe/events/v1/events', 'POST'), eventCreateBodySchema),
    ];
    expect(pairs.map(({ name }) => name)).toEqual(['password', 'password', 'recurrence']);
    for (const { name, sent, declared } of pairs) {
      expect(declared, name).toBeTypeOf('string');
      expect(sent, name).toBe(declared);
    }
  });

  it('describes every argument of every route', async () => {
    const routes = routesOf((await server.api('/?context=help')).body);
    const undescribed = Object.entries(routes).flatMap(([route, { endpoints }]) =>
      endpoints.flatMap(({ methods, args }) =>
        Object.entries(args)
          .filter(([, arg]) => typeof arg.description !== 'string')
          .map(([name]) => `${methods.join(',')} ${route} ${name}`),
      ),
    );
    // The namespaces' own routes carry WordPress's namespace and context, undescribed as there.
    expect(
      undescribed.filter((arg) => !/ \/[a-z]+\/(events\/)?v1 (namespace|context)$/.test(arg)),
    ).toEqual([]);
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
