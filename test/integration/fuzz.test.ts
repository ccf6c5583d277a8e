/**
 * Seeded fuzzing of every route the namespace index lists (fast-check): arbitrary methods, paths
 * under every root form (with broken escapes), query strings, headers (Host, Content-Type,
 * Content-Encoding, credentials, method override) and bodies (JSON, deep JSON, forms, deep and
 * long forms, garbage, compressed or not; text with control characters in all of them), as the
 * owner, other roles and anonymous callers; and a sweep that puts a control character in every
 * parameter of every route. Every answer is below 500, every 4xx carries the WordPress
 * envelope, and a request that does not answer 2xx leaves the calendar (records, tombstones,
 * settings, tokens) exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { editorPage } from '../support/editor-page.ts';
import { createAnchorEvent } from '../support/events.ts';
import { absurdRequests } from '../support/fuzz-absurd.ts';
import {
  controlSweep,
  fuzzRequests,
  type FuzzRequest,
  type FuzzWorld,
} from '../support/fuzz-requests.ts';
import { rawRequest, type RawReply } from '../support/raw-http.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A few fixed seeds, so CI repeats what it found, and one drawn afresh each run, so runs explore
 * further (its number is in the test's name, to repeat it: FUZZ_SEED=n). FUZZ_SEED runs that
 * seed alone; FUZZ_RUNS sets the requests per seed.
 */
const SEEDS = process.env.FUZZ_SEED
  ? [Number(process.env.FUZZ_SEED)]
  : [17, 4242, 90_210, Math.floor(Math.random() * 2 ** 31)];
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

let server: TestServer;
let editor: ReturnType<typeof editorPage>;
let port: number;
let world: FuzzWorld;

type Index = {
  routes: Record<string, { endpoints: { methods: string[]; args: Record<string, unknown> }[] }>;
};

beforeAll(async () => {
  // A built editor to serve at `/`, as in the app (without one, `/` is a plain 503).
  editor = editorPage({ 'assets/app-1234.js': 'console.log(1);' });
  server = await startTestServer({ staticDir: editor.dir });
  port = Number(new URL(server.url).port);
  const event = await createAnchorEvent(server);
  // A slug beyond ASCII, which reaches headers (the ICS feed's file name).
  await server.api('/categories', { as: 'owner', json: { name: 'Café 日本' } });
  // Every route the app has, as its namespace index lists them.
  const index = (await server.request('/wp-json/')).body as Index;
  world = {
    port,
    routes: Object.entries(index.routes).map(([path, route]) => ({
      path,
      args: [...new Set(route.endpoints.flatMap((endpoint) => Object.keys(endpoint.args)))],
      methods: route.endpoints.flatMap((endpoint) => endpoint.methods),
    })),
    ids: {
      events: [String(event.id)],
      venues: [String((event.venue as { id: number }).id)],
      organizers: [String(event.organizer[0]?.id)],
      categories: [String(event.categories[0]?.id)],
      tags: [String(event.tags[0]?.id)],
      tokens: ['1', '2'],
    },
    tokens: server.tokens,
  };
});
afterAll(async () => {
  await server.close();
  editor.remove();
});

/** What a failed request must not change: records and tombstones, settings, tokens. */
async function calendarState(): Promise<string> {
  const owner = { authorization: `Bearer ${OWNER_TOKEN}` };
  const parts: string[] = [];
  for (const path of [
    '/wp-json/marquee/v1/sync/pull?since=0&limit=5000',
    '/wp-json/marquee/v1/settings',
    '/wp-json/marquee/v1/tokens',
  ]) {
    const reply = await rawRequest(port, { method: 'GET', path, headers: owner });
    expect(reply.status, `${path}: ${reply.text.slice(0, 200)}`).toBe(200);
    parts.push(reply.text);
  }
  return parts.join('\n');
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeRequest(request: FuzzRequest, reply?: RawReply): string {
  const body = request.body ? request.body.toString('latin1').slice(0, 300) : '';
  return `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)} ${body}${
    reply ? ` → ${reply.status} ${reply.text.slice(0, 300)}` : ''
  }`;
}

/**
 * Sends a request and checks the rules every answer keeps; `state` is the calendar before it.
 * A GET is not read after (reads write nothing, and the state grows with every write).
 */
async function check(
  request: FuzzRequest,
  state: string,
): Promise<{ status: number; state: string }> {
  const reply = await rawRequest(port, request);
  const what = describeRequest(request, reply);
  expect(reply.status, what).toBeGreaterThanOrEqual(200);
  expect(reply.status, what).toBeLessThan(500);
  if (reply.status >= 400 && request.method !== 'HEAD') {
    const envelope = errorEnvelopeSchema.safeParse(parsedJson(reply.text));
    expect(envelope.success, what).toBe(true);
    expect(envelope.data?.data.status, what).toBe(reply.status);
  }
  if (request.method === 'GET') return { status: reply.status, state };
  const after = await calendarState();
  if (reply.status < 200 || reply.status > 299) expect(after, what).toBe(state);
  return { status: reply.status, state: after };
}

it('answers a control character in any parameter of any route below 500, and writes only on 2xx', async () => {
  let state = await calendarState();
  const statuses = new Map<number, number>();
  for (const request of controlSweep(world)) {
    const checked = await check(request, state);
    state = checked.state;
    statuses.set(checked.status, (statuses.get(checked.status) ?? 0) + 1);
  }
  // Some were refused and some were taken (a title with a control character is stored as sent).
  expect(statuses.get(400) ?? 0).toBeGreaterThan(10);
  expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(10);
}, 60_000);

/** The routes the seeds' requests reached, and the statuses they met, all seeds together. */
const reached = new Set<string>();
const statuses = new Map<number, number>();

it.each(SEEDS)(
  'answers every fuzzed request below 500, 4xx in the envelope, and writes only on 2xx (seed %i)',
  async (seed) => {
    let state = await calendarState();
    await fc.assert(
      fc.asyncProperty(fuzzRequests(world), async (request) => {
        reached.add(request.route);
        const checked = await check(request, state);
        state = checked.state;
        statuses.set(checked.status, (statuses.get(checked.status) ?? 0) + 1);
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
  },
  60_000,
);

// One seed's few hundred requests may miss a route, or draw few valid writes, by chance (a seed
// drawn afresh made 3 creates); the seeds together do not.
it.skipIf(process.env.FUZZ_SEED)('tried every route of the index, past validation too', () => {
  expect(world.routes.map(({ path }) => path).filter((path) => !reached.has(path))).toEqual([]);
  // Past validation: some requests succeed, some write.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(40);
  expect(statuses.get(201) ?? 0).toBeGreaterThan(12);
});

it.each(SEEDS)(
  'answers absurd dates, durations and rules at every door below 500 (seed %i)',
  async (seed) => {
    const owner = { authorization: `Bearer ${OWNER_TOKEN}` };
    let state = await calendarState();
    await fc.assert(
      fc.asyncProperty(absurdRequests(world.ids.events?.[0] ?? '1'), async ({ request }) => {
        const reply = await rawRequest(port, {
          ...request,
          headers: { host: `127.0.0.1:${port}`, 'content-type': request.type, ...owner },
        });
        const what = `${request.method} ${request.path} ${request.body?.toString('latin1').slice(0, 300)} → ${reply.status} ${reply.text.slice(0, 300)}`;
        expect(reply.status, what).toBeLessThan(500);
        const after = await calendarState();
        // Refused (most are), in the envelope and writing nothing; or a value that is absurd
        // only in looks (INTERVAL=999999 from the year 1 gives its start alone).
        if (reply.status >= 400) {
          expect(errorEnvelopeSchema.safeParse(parsedJson(reply.text)).success, what).toBe(true);
          expect(after, what).toBe(state);
        }
        state = after;
        // A value that spins holds the server's thread: this request, and so the test, never
        // ends (its timeout fails it) rather than a clock deciding what is too slow.
      }),
      { seed, numRuns: 30, endOnFailure: true },
    );
  },
  120_000,
);
