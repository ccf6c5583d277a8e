/**
 * The log never holds a body, a password, a token or a cookie of a failed request,
 * whether the refusal comes from a library (a body parser) or from the store, in either root
 * form of the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../support/events.ts';
import { rawRequest, type RawReply, type RawRequest } from '../support/raw-http.ts';
import { makeReadOnly } from '../support/storage.ts';
import { capturingLogger, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let port: number;
const logger = capturingLogger();

beforeAll(async () => {
  server = await startTestServer({ logger });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

function send(request: Partial<RawRequest> & { path: string }): Promise<RawReply> {
  return rawRequest(port, { method: 'GET', headers: {}, ...request });
}

describe('the log', () => {
  it('never holds a body, a password, a token or a cookie of a failed request', async () => {
    const secrets = {
      authorization: 'Bearer sekrit-token',
      cookie: 'marquee_session=sekrit-cookie',
    };
    const path = '/wp-json/tribe/events/v1/events?password=sekrit-query';
    const forms = [
      `password=sekrit-form&a${'[b]'.repeat(40)}=1`,
      `password=sekrit-form&${Array.from({ length: 1100 }, (_, i) => `k${i}=1`).join('&')}`,
      'password=sekrit-form&title=%zz',
    ];
    for (const body of forms) {
      const reply = await send({
        method: 'POST',
        path,
        headers: { ...secrets, 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(body),
      });
      expect(reply.status).toBeGreaterThanOrEqual(400);
    }
    await send({
      method: 'POST',
      path,
      headers: { ...secrets, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: Buffer.from('{"password":"sekrit-json"}'),
    });
    expect(logger.lines.join('\n')).not.toContain('sekrit');
  });

  it('names a failed write’s URL without its secrets, in either root form', async () => {
    const before = logger.lines.length;
    const writable = makeReadOnly(server.database);
    try {
      for (const path of [
        '/wp-json/tribe/events/v1/events?password=sekrit-query&token=sekrit-token',
        `/?rest_route=${encodeURIComponent('/tribe/events/v1/events?password=sekrit-route')}`,
      ]) {
        const reply = await server.request(path, {
          as: 'owner',
          json: { title: 'Not saved', start_date: at(1), end_date: at(1, 1) },
          headers: { cookie: 'marquee_session=sekrit-cookie' },
        });
        expect(reply.status).toBe(503);
      }
    } finally {
      writable();
    }
    const logged = logger.lines.slice(before).join('\n');
    // Both refusals were logged, with their routes, and nothing secret.
    expect(logged.match(/not saved/g)).toHaveLength(2);
    expect(logged).toContain('tribe%2Fevents%2Fv1%2Fevents');
    expect(logged).not.toContain('sekrit');
  });
});
