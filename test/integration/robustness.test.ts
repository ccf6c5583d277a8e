/**
 * No request makes the server fail: every argument of every route and method, as listed by the
 * namespace index, gets odd values (wrong types, nesting, huge, empty, hostile strings) and must
 * be answered below 500 in the error envelope, with the data left intact.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { createAnchorEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let ids: { event: number; venue: number; organizer: number; category: number; tag: number };

beforeAll(async () => {
  server = await startTestServer();
  const event = await createAnchorEvent(server);
  ids = {
    event: event.id,
    venue: (event.venue as { id: number }).id,
    organizer: event.organizer[0]?.id ?? 0,
    category: event.categories[0]?.id ?? 0,
    tag: event.tags[0]?.id ?? 0,
  };
});
afterAll(() => server.close());

const ODD: unknown[] = [
  [],
  {},
  { a: { b: [1, { c: 2 }] } },
  'x'.repeat(5000),
  -1,
  1e308,
  '\u0000',
  true,
  [[1]],
  "' OR 1=1 --",
  '../../etc/passwd',
];

type Index = {
  routes: Record<string, { endpoints: { methods: string[]; args: Record<string, unknown> }[] }>;
};

it('answers every odd argument on every route below 500, in the error envelope', async () => {
  const index = (await server.request('/wp-json/tribe/events/v1')).body as Index;
  let requests = 0;
  for (const [key, route] of Object.entries(index.routes)) {
    const resource = key.split('/')[4] ?? '';
    const single = {
      events: ids.event,
      venues: ids.venue,
      organizers: ids.organizer,
      categories: ids.category,
      tags: ids.tag,
    }[resource];
    const path = key
      .replace('/tribe/events/v1', '')
      .replace('(?P<id>\\d+)', String(single ?? 1))
      .replace('(?P<slug>[^/]+)', 'anchor');
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods.filter((m) => m !== 'DELETE')) {
        for (const arg of Object.keys(endpoint.args).filter(
          (name) => name !== 'id' && name !== 'slug',
        )) {
          for (const value of ODD) {
            const reply =
              method === 'GET'
                ? await server.api(
                    `${path}?${arg}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
                  )
                : await server.api(path, { method, as: 'owner', json: { [arg]: value } });
            requests += 1;
            expect(
              reply.status,
              `${method} ${path} ${arg}=${JSON.stringify(value).slice(0, 40)}`,
            ).toBeLessThan(500);
            if (reply.status >= 400) errorEnvelopeSchema.parse(reply.body);
          }
        }
      }
    }
  }
  expect(requests).toBeGreaterThan(1000);
  // Valid values among the odd ones (a password string, say) were stored; nothing broke the event.
  const anchor = await server.api(`/events/${ids.event}`, { as: 'owner' });
  expect(anchor.status).toBe(200);
});
