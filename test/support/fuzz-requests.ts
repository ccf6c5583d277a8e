/**
 * The fuzz suite's requests (test/integration/fuzz.test.ts): for a route of the namespace index,
 * a method, a path under one of the root forms, a query, headers and a body. One draw in three
 * is plausible (the owner, the route's own method, a valid-looking body) so that handlers get
 * past validation and write; the others draw every part at random (fuzz-values.ts).
 */
import fc from 'fast-check';
import type { RawRequest } from './raw-http.ts';
import { OWNER_TOKEN } from './test-server.ts';
import {
  bodyOf,
  CONTENT_TYPES,
  CONTROLS,
  ENCODINGS,
  HOSTS,
  JUNK_PATHS,
  PLAUSIBLE_IMPORT,
  queryOf,
  SLUGS,
  TEMPLATES,
  urlText,
} from './fuzz-values.ts';

export type FuzzRoute = { path: string; args: string[]; methods: string[] };

/** What requests are drawn for: the server's port, its routes, seeded ids, role tokens. */
export type FuzzWorld = {
  port: number;
  routes: FuzzRoute[];
  /** Ids of seeded records by the route segment that names their kind (`events`, `tokens`). */
  ids: Record<string, string[]>;
  tokens: Record<'editor' | 'contributor', string>;
};

/** A named hole of a route's path, `(?P<name>…)`. */
const HOLE = /\(\?P<(\w+)>[^)]*\)/g;

/** Fills `(?P<name>…)` from the seeded records, odd numbers, broken escapes and any text. */
function pathOf(route: string, ids: FuzzWorld['ids']): fc.Arbitrary<string> {
  const resource = route.split('/')[4] ?? '';
  const names = [...route.matchAll(HOLE)].map((match) => match[1]);
  const valueOf = (name: string | undefined) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.constantFrom(...(name === 'id' ? (ids[resource] ?? ['1']) : SLUGS)),
      },
      { weight: 2, arbitrary: urlText },
      { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', '%2F', 'a%2Fb', ' ') },
    );
  return fc.tuple(...names.map(valueOf)).map((values) => {
    let index = 0;
    return route.replace(HOLE, () => values[index++] ?? '1');
  });
}

/** The route under one of the root forms. */
const ROOTS = ['pretty', 'language', 'query', 'query-encoded', 'index.php', 'trailing'] as const;
function rooted(route: string, root: (typeof ROOTS)[number]): string {
  switch (root) {
    case 'pretty':
      return `/wp-json${route}`;
    case 'language':
      return `/pt-br/wp-json${route}`;
    case 'query':
      return `/?rest_route=${route}`;
    case 'query-encoded':
      return `/?rest_route=${encodeURIComponent(route)}`;
    case 'index.php':
      return `/index.php?rest_route=${route}`;
    case 'trailing':
      return `/wp-json${route}/`;
  }
}

/** Who calls: the owner most often, other roles, anonymous, and credentials that are wrong. */
const CALLERS = [
  'owner',
  'anonymous',
  'editor',
  'contributor',
  'bad-token',
  'bad-basic',
  'stale-cookie',
];

function authorizationOf(caller: string, world: FuzzWorld): Record<string, string> {
  switch (caller) {
    case 'owner':
      return { authorization: `Bearer ${OWNER_TOKEN}` };
    case 'editor':
    case 'contributor':
      return { authorization: `Bearer ${world.tokens[caller]}` };
    case 'bad-token':
      return { authorization: 'Bearer nope' };
    case 'bad-basic':
      return { authorization: 'Basic %%%' };
    case 'stale-cookie':
      return { cookie: 'marquee_session=stale; %zz=%zz', 'x-marquee-csrf': 'x' };
    default:
      return {};
  }
}

/** `arbitrary`'s value in one draw out of `oneIn`, else undefined. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: oneIn - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary },
  );
}

/** A request, and the route (as the index names it) it was drawn for. */
export type FuzzRequest = RawRequest & { route: string };

/** Requests for the world's routes (and a few paths no route has); see the file's comment. */
export const fuzzRequests = (world: FuzzWorld): fc.Arbitrary<FuzzRequest> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...world.routes) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...JUNK_PATHS)
            .map((path) => ({ path, args: [], methods: ['GET', 'POST'] })),
        },
      ),
      fc.nat(2).map((draw) => draw === 0),
    )
    .chain(([route, plausible]) => {
      const isJunk = !/^\/(tribe|calendar|marquee)\//.test(`${route.path}/`);
      const calm = <T>(arbitrary: fc.Arbitrary<T>, value: T) =>
        plausible ? fc.constant(value) : arbitrary;
      const resource = route.path.split('/')[4] ?? route.path.split('/')[3] ?? '';
      const template = TEMPLATES[resource];
      return fc.record({
        route: fc.constant(route.path),
        method: calm(
          fc.oneof(
            { weight: 20, arbitrary: fc.constantFrom(...route.methods) },
            { weight: 4, arbitrary: fc.constantFrom('GET', 'POST') },
            { weight: 3, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE') },
            { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'TRACE', 'PROPFIND') },
          ),
          route.methods.includes('POST') ? 'POST' : (route.methods[0] ?? 'GET'),
        ),
        path: isJunk
          ? fc.constant(route.path)
          : fc
              .tuple(pathOf(route.path, world.ids), calm(fc.constantFrom(...ROOTS), 'pretty'))
              .map(([path, root]) => rooted(path, root)),
        query: calm(
          sometimes(queryOf(route.args), 2),
          resource === 'import' ? PLAUSIBLE_IMPORT.query : undefined,
        ),
        caller: calm(
          fc.oneof(
            { weight: 6, arbitrary: fc.constant('owner') },
            { weight: 4, arbitrary: fc.constantFrom(...CALLERS) },
          ),
          'owner',
        ),
        host: calm(sometimes(fc.constantFrom(...HOSTS), 10), undefined),
        body: calm(
          bodyOf(route.path, route.args),
          resource === 'import'
            ? PLAUSIBLE_IMPORT.body
            : template && {
                type: 'application/json',
                bytes: Buffer.from(JSON.stringify(template)),
              },
        ),
        contentType: calm(sometimes(fc.constantFrom(...CONTENT_TYPES), 8), undefined),
        encoding: calm(ENCODINGS, {}),
        override: calm(
          sometimes(fc.constantFrom('DELETE', 'PUT', 'PATCH', 'GET', 'bogus'), 8),
          undefined,
        ),
        origin: calm(sometimes(fc.constantFrom('http://evil.example', 'null'), 8), undefined),
      });
    })
    .map((drawn): FuzzRequest => {
      const headers: Record<string, string> = {
        host: (drawn.host ?? '127.0.0.1:PORT').replaceAll('PORT', String(world.port)),
        ...authorizationOf(drawn.caller, world),
      };
      if (drawn.override) headers['x-http-method-override'] = drawn.override;
      if (drawn.origin) headers.origin = drawn.origin;
      let body = drawn.body?.bytes;
      const type = drawn.contentType ?? drawn.body?.type;
      if (type) headers['content-type'] = type;
      if (drawn.encoding.name) headers['content-encoding'] = drawn.encoding.name;
      if (body && drawn.encoding.compress) body = drawn.encoding.compress(body);
      const query = drawn.query ? `${drawn.path.includes('?') ? '&' : '?'}${drawn.query}` : '';
      const path = sendable(`${drawn.path}${query}`);
      return { route: drawn.route, method: drawn.method, path, headers, body };
    });

/** node:http sends paths of visible Latin-1 only; anything else goes percent-encoded. */
export function sendable(path: string): string {
  return path.replace(/[^\u0021-\u00ff]/gu, (char) => encodeURIComponent(char));
}

/**
 * Every parameter of every route with control characters in it, as the owner, for a read, a
 * write (POST, PUT and PATCH share their handler) and a delete: in the query of a read or a
 * delete, in the route's valid-looking JSON body for a write, and in each text hole of the path
 * (a slug). Each text has a NUL and one other control character, which take turns, so each
 * reaches many parameters. Deletes come last, so the seeded records are there for the rest.
 */
export function controlSweep(world: FuzzWorld): FuzzRequest[] {
  const headers = { host: `127.0.0.1:${world.port}`, authorization: `Bearer ${OWNER_TOKEN}` };
  let turn = 0;
  // Words of three letters and more: a search sends them to its index (where a NUL was a 500).
  const text = () => `abc\u0000def${CONTROLS[turn++ % CONTROLS.length]}ghi`;
  const requests: FuzzRequest[] = [];
  for (const kind of ['read', 'write', 'delete'] as const) {
    // calendar/events/v1 serves tribe/events/v1's route table again: the random draws cover it.
    for (const route of world.routes.filter(({ path }) => !path.startsWith('/calendar/'))) {
      const method = {
        read: route.methods.includes('GET') ? 'GET' : undefined,
        write: ['POST', 'PUT', 'PATCH'].find((name) => route.methods.includes(name)),
        delete: route.methods.includes('DELETE') ? 'DELETE' : undefined,
      }[kind];
      if (!method) continue;
      const resource = route.path.split('/')[4] ?? route.path.split('/')[3] ?? '';
      const template = TEMPLATES[resource] ?? {};
      const fill = (slug: string) =>
        route.path.replace(HOLE, (_, name: string) =>
          name === 'id' ? (world.ids[resource]?.[0] ?? '1') : slug,
        );
      const send = (path: string, query: string, body?: Record<string, unknown>) =>
        requests.push({
          route: route.path,
          method,
          path: sendable(`/wp-json${path}${query}`),
          headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
          body: body && Buffer.from(JSON.stringify(body)),
        });
      for (const arg of route.args) {
        if (kind === 'write') send(fill('anchor'), '', { ...template, [arg]: text() });
        else send(fill('anchor'), `?${arg}=${encodeURIComponent(text())}`);
      }
      if (route.path.includes('<slug>'))
        send(fill(encodeURIComponent(text())), '', kind === 'write' ? template : undefined);
    }
  }
  return requests;
}
