/**
 * The site index (`/wp-json/`) lists `wp/v2` as WordPress does: the namespace, and each route
 * Marquee serves there is one the real site lists, in the same namespace, whose endpoints take
 * the methods the site's take, with each argument both list typed, bounded and defaulted as the
 * site has it. (Marquee's users/me is read only there, and it lists no arguments it does not
 * read: both are declared in docs/tec-differences.json.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { siteRequest, tecSite } from '../support/tec-site.ts';

type Arg = Record<string, unknown>;
type Endpoint = { methods: string[]; args: Record<string, Arg> | [] };
type Route = { namespace: string; methods: string[]; endpoints: Endpoint[] };
type Index = { namespaces: string[]; routes: Record<string, Route> };

const site = tecSite();
let server: TestServer;
let ours: Index;
let theirs: Index;

beforeAll(async () => {
  if (!site) return;
  server = await startTestServer();
  ours = (await server.request('/wp-json/')).body as Index;
  theirs = (await siteRequest(site, '/')).body as Index;
});
afterAll(() => server?.close());

const wpRoutes = () => Object.keys(ours.routes).filter((route) => route.startsWith('/wp/v2'));
const argsOf = (endpoint: Endpoint | undefined) =>
  Array.isArray(endpoint?.args) ? {} : (endpoint?.args ?? {});
const types = (arg: Arg) => [arg.type ?? []].flat();

describe.skipIf(!site)('wp/v2 in the index', () => {
  it('is a namespace, with routes the site lists in it', () => {
    expect(theirs.namespaces).toContain('wp/v2');
    expect(ours.namespaces).toContain('wp/v2');
    expect(wpRoutes().length).toBeGreaterThan(10);
    for (const route of wpRoutes()) {
      expect(theirs.routes, route).toHaveProperty([route]);
      expect(ours.routes[route]!.namespace).toBe(theirs.routes[route]!.namespace);
      for (const endpoint of ours.routes[route]!.endpoints)
        expect(
          theirs.routes[route]!.endpoints.map((their) => their.methods.join()),
          route,
        ).toContain(endpoint.methods.join());
    }
  });

  it('describes each argument both list as the site does', () => {
    const mismatches: string[] = [];
    for (const route of wpRoutes())
      for (const endpoint of ours.routes[route]!.endpoints) {
        const their = theirs.routes[route]!.endpoints.find(
          (candidate) => candidate.methods.join() === endpoint.methods.join(),
        );
        const theirArgs = argsOf(their);
        for (const [name, arg] of Object.entries(argsOf(endpoint))) {
          const other = theirArgs[name];
          if (!other) continue;
          const where = `${route} ${endpoint.methods.join()} ${name}`;
          // Marquee may take fewer forms (a term list, not a tax query), never others.
          if (!types(arg).every((type) => types(other).includes(type)))
            mismatches.push(`${where} type ${JSON.stringify(arg.type)}`);
          if (Array.isArray(arg.enum) && Array.isArray(other.enum))
            for (const value of arg.enum)
              if (!other.enum.includes(value)) mismatches.push(`${where} enum ${String(value)}`);
          for (const key of ['format', 'default', 'minimum', 'maximum'])
            if (key in arg && JSON.stringify(arg[key]) !== JSON.stringify(other[key]))
              mismatches.push(`${where} ${key} ${JSON.stringify(arg[key])}`);
          // Paging and order are what every client reads: their bounds and defaults too.
          if (['page', 'per_page', 'orderby', 'order', 'context'].includes(name))
            for (const key of ['default', 'minimum', 'maximum'])
              if (key in other && !(key in arg)) mismatches.push(`${where} no ${key}`);
        }
      }
    expect(mismatches).toEqual([]);
  });
});
