/**
 * The namespace index's arguments as TEC 6.17.2 shows them (measured on the real site): the
 * same in the plain index and with `?context=help` (WordPress adds only a route's `schema` with
 * help, and TEC's routes have none), TEC's own descriptions, types and defaults in its order,
 * the index route's `namespace` and `context`, and `[]` for a route without arguments; and
 * `/doc`, TEC's own document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Endpoint = { methods: string[]; args: Record<string, Record<string, unknown>> | unknown[] };
type Route = { endpoints: Endpoint[]; _links?: { self: { href: string }[] } };
const routesOf = (body: unknown) => (body as { routes: Record<string, Route> }).routes;
const argsOf = (routes: Record<string, Route>, route: string, method: string) => {
  const found = routes[route]?.endpoints.find((endpoint) => endpoint.methods.includes(method));
  if (!found) throw new Error(`no ${method} ${route}`);
  return found.args as Record<string, Record<string, unknown>>;
};

describe('the index’s arguments, as TEC shows them', () => {
  it('gives the index route WordPress’s namespace and context, and /doc an empty array', async () => {
    for (const path of ['/', '/?context=help']) {
      const routes = routesOf((await server.api(path)).body);
      expect(argsOf(routes, '/tribe/events/v1', 'GET')).toEqual({
        namespace: { default: 'tribe/events/v1', required: false },
        context: { default: 'view', required: false },
      });
      expect(routes['/tribe/events/v1']?._links?.self[0]?.href).toMatch(/\/tribe\/events\/v1$/);
      expect(routes['/tribe/events/v1/doc']?.endpoints[0]?.args).toEqual([]);
    }
  });

  it('describes TEC’s arguments in TEC’s words, order and defaults, in both contexts', async () => {
    const plain = routesOf((await server.api('/')).body);
    const help = routesOf((await server.api('/?context=help')).body);
    expect(plain).toEqual(help);
    const list = argsOf(help, '/tribe/events/v1/events', 'GET');
    expect(Object.keys(list).slice(0, 5)).toEqual([
      'page',
      'per_page',
      'start_date',
      'end_date',
      'starts_before',
    ]);
    expect(list.page).toEqual({
      default: 1,
      description: 'The archive page to return',
      type: 'integer',
      required: false,
    });
    expect(list.per_page).toMatchObject({ default: '10', type: 'integer' });
    // TEC's defaults are computed per request: yesterday's 23:59 UTC in the calendar's zone,
    // and two years from now in UTC (the test server's clock: 2026-11-20 10:00 UTC).
    expect(list.start_date).toEqual({
      default: '2026-11-19 23:59:00',
      description: 'Events that start on the specified date',
      required: false,
    });
    expect(list.end_date?.default).toBe('2028-11-20 10:00:00');
    expect(list.categories).toEqual({
      description: 'Events should be assigned one of the specified categories slugs or IDs',
      items: { type: 'integer' },
      required: false,
    });
    // Marquee's own arguments follow TEC's, described from the schema that reads them.
    expect(Object.keys(list).at(-1)).toBe('password');
    expect(list.password?.description).toBeTypeOf('string');
    const terms = Object.keys(argsOf(help, '/tribe/events/v1/categories', 'GET'));
    expect(terms.slice(0, 3)).toEqual(['page', 'per_page', 'search']);
  });

  it('serves TEC’s own /doc: its info, components and paths as TEC wrote them', async () => {
    const doc = (await server.api('/doc')).body as {
      info: { description: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.info.description).toBe(
      'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    );
    // TEC documents the list but not the create on /events.
    expect(Object.keys(doc.paths['/events'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
  });
});
