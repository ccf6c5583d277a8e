/**
 * Input that is the client's fault gets a 4xx in the WordPress envelope, never a 500:
 * broken percent-escapes, control characters, malformed Host headers. A request that does not
 * answer 2xx leaves the calendar as it was. Bodies and what Node's own parser refuses:
 * hostile-bodies.test.ts. (The log: log-secrets.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../support/events.ts';
import { OWNER, eventBody, expectEnvelope } from '../support/hostile-requests.ts';
import { rawRequest, type RawReply, type RawRequest } from '../support/raw-http.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

function send(request: Partial<RawRequest> & { path: string }): Promise<RawReply> {
  return rawRequest(port, { method: 'GET', headers: {}, ...request });
}

/** Everything a failed request must leave alone: records, tombstones, settings, tokens. */
async function calendarState(): Promise<string> {
  const parts = [];
  for (const path of [
    '/wp-json/marquee/v1/sync/pull?since=0&limit=5000',
    '/wp-json/marquee/v1/settings',
    '/wp-json/marquee/v1/tokens',
  ]) {
    const reply = await send({ path, headers: OWNER });
    expect(reply.status).toBe(200);
    parts.push(reply.text);
  }
  return parts.join('\n');
}

describe('broken percent-escapes', () => {
  it.each([
    '/wp-json/tribe/events/v1/events/%zz',
    '/wp-json/tribe/events/v1/venues/%E0%A4%A',
    '/wp-json/tribe/events/v1/events/by-slug/%c0%af',
    '/?rest_route=%',
    '/?rest_route=/tribe/events/v1/events/by-slug/%25zz',
  ])('%s → 400 marquee_bad_request', async (path) => {
    expectEnvelope(await send({ path }), 400, 'marquee_bad_request');
  });

  it('are tolerated in query values, as WordPress does', async () => {
    expect((await send({ path: '/wp-json/tribe/events/v1/events?search=%zz' })).status).toBe(200);
  });
});

describe('control characters in text parameters', () => {
  /** Every C0 control character, and DEL. */
  const CONTROLS = [...Array.from({ length: 32 }, (_, code) => code), 127].map((code) =>
    String.fromCharCode(code),
  );

  it('are matched literally by a search, as WordPress does (a NUL reached FTS5 and was a 500)', async () => {
    const titled = async (title: string) => {
      const reply = await server.api('/events', {
        as: 'owner',
        json: { title, start_date: at(4), end_date: at(4, 1) },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return (reply.body as { id: number }).id;
    };
    const nul = await titled('Late\u0000night jazz');
    const soh = await titled('Early\u0001morning');
    const found = async (search: string) => {
      const reply = await send({
        path: `/wp-json/tribe/events/v1/events?search=${encodeURIComponent(search)}`,
        headers: OWNER,
      });
      expect(reply.status, `${JSON.stringify(search)}: ${reply.text}`).toBe(200);
      return (JSON.parse(reply.text) as { events: { id: number }[] }).events.map(({ id }) => id);
    };
    // Words the trigram index answers (3 characters and more) and words it does not.
    expect(await found('late\u0000night')).toEqual([nul]);
    expect(await found('e\u0000n')).toEqual([nul]);
    expect(await found('early\u0001morning')).toEqual([soh]);
    expect(await found('late\u0001night')).toEqual([]);
    for (const control of CONTROLS) {
      expect(await found(`a${control}b`)).toEqual([]);
      // WordPress splits a search at tabs (and spaces, commas, plus signs and quotes) and drops
      // line breaks; other controls are characters of the word (measured on TEC 6.17.2:
      // "late\nnight" finds nothing, "late\tnight" and "jazz\n" find "Late night jazz").
      const dropped = control === '\n' || control === '\r';
      // A search is trimmed first, so a trailing vertical tab or form feed goes too (WordPress
      // keeps them: "jazz\v" finds nothing there).
      const trimmed = dropped || control === '\t' || control === '\v' || control === '\f';
      expect(await found(`jazz${control}`), `code ${control.charCodeAt(0)}`).toEqual(
        trimmed ? [nul] : [],
      );
      // (Without its line break, "latenight" is another search, not about controls.)
      if (!dropped)
        expect(await found(`late${control}night`), `code ${control.charCodeAt(0)}`).toEqual(
          control === '\u0000' || control === '\t' ? [nul] : [],
        );
    }
  });

  it('in a list query of any collection answer 200 or a 400 naming the parameter, never a 500', async () => {
    for (const collection of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      for (const name of [
        'search',
        'slug',
        'status',
        'categories',
        'tags',
        'venue',
        'start_date',
      ]) {
        for (const control of ['%00', '%01', '%1F', '%7F']) {
          const reply = await send({
            path: `/wp-json/tribe/events/v1/${collection}?${name}=a${control}b`,
            headers: OWNER,
          });
          const what = `${collection}?${name}=a${control}b: ${reply.text.slice(0, 200)}`;
          if (reply.status === 200) continue;
          expectEnvelope(reply, 400, 'rest_invalid_param');
          const { params } = (JSON.parse(reply.text) as { data: { params: object } }).data;
          expect(Object.keys(params), what).toEqual([name]);
        }
      }
    }
  });
});

describe('the Host header', () => {
  it.each(['localhost:99999', '127.0.0.1:abc', '[::1', 'localhost:', 'a b'])(
    'refuses %s with 400 marquee_invalid_host',
    async (host) => {
      const reply = await send({ path: '/wp-json/tribe/events/v1/events', headers: { host } });
      expectEnvelope(reply, 400, 'marquee_invalid_host');
    },
  );

  it('still refuses a well-formed host it does not serve with 403, and serves loopback', async () => {
    const path = '/wp-json/tribe/events/v1/events';
    expectEnvelope(
      await send({ path, headers: { host: 'evil.example' } }),
      403,
      'marquee_invalid_host',
    );
    expect((await send({ path, headers: { host: `[::1]:${port}` } })).status).toBe(200);
  });
});

describe('a request that does not answer 2xx writes nothing', () => {
  /** Each kind of failing request, all carrying a valid event to create. */
  const failing: [string, Partial<RawRequest>][] = [
    ['a malformed Host', { headers: { ...OWNER, host: 'localhost:99999' } }],
    ['a Host with a bad port', { headers: { ...OWNER, host: '127.0.0.1:abc' } }],
    [
      'a broken escape in rest_route',
      { path: '/?rest_route=/tribe/events/v1/events%', headers: OWNER },
    ],
    ['a body that is not gzip', { headers: { ...OWNER, 'content-encoding': 'gzip' } }],
    ['an encoding not accepted', { headers: { ...OWNER, 'content-encoding': 'zstd' } }],
    [
      'a charset not accepted',
      { headers: { ...OWNER, 'content-type': 'application/json; charset=latin9' } },
    ],
    ['no credentials', { headers: {} }],
    ['a bad token', { headers: { authorization: 'Bearer nope' } }],
    ['a method no route has', { method: 'PATCH', headers: OWNER }],
    ['a stale session cookie without CSRF', { headers: { cookie: 'marquee_session=stale' } }],
  ];

  it.each(failing)('%s', async (_name, variant) => {
    const before = await calendarState();
    const reply = await send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      body: eventBody(),
      ...variant,
      headers: { 'content-type': 'application/json', ...variant.headers },
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status, reply.text).toBeLessThan(500);
    expect(await calendarState()).toBe(before);
  });

  it('the same request with a good Host creates the event (the test can see a write)', async () => {
    const before = await calendarState();
    const reply = await send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      headers: { ...OWNER, 'content-type': 'application/json', host: `localhost:${port}` },
      body: eventBody(),
    });
    expect(reply.status).toBe(201);
    expect(await calendarState()).not.toBe(before);
  });
});
