/**
 * Bodies and requests the parsers refuse get a 4xx in the WordPress envelope, never a 500:
 * bodies that are not what their Content-Encoding says, forms and JSON nested too deep, and
 * what Node's own HTTP parser refuses (headers or a URL over 16 KB, a CONNECT).
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { OWNER, eventBody, expectEnvelope } from '../support/hostile-requests.ts';
import {
  parseRawAnswer,
  rawExchange,
  rawRequest,
  type RawReply,
  type RawRequest,
} from '../support/raw-http.ts';
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

describe('Content-Encoding', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('inflates a %s body', async (name, compress) => {
    const reply = await send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      headers: { ...OWNER, 'content-type': 'application/json', 'content-encoding': name },
      body: eventBody(compress),
    });
    expect(reply.status, reply.text).toBe(201);
    expect(JSON.parse(reply.text)).toMatchObject({ title: 'Retried' });
  });

  it.each(['gzip', 'deflate', 'br'])('answers a body that is not %s 400', async (name) => {
    const reply = await send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      headers: { ...OWNER, 'content-type': 'application/json', 'content-encoding': name },
      body: eventBody(),
    });
    expectEnvelope(reply, 400, 'marquee_bad_request');
  });

  it.each(['zstd', 'gzip, br', 'x-gzip', 'compress'])('refuses %s with 415', async (name) => {
    const reply = await send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      headers: { ...OWNER, 'content-type': 'application/json', 'content-encoding': name },
      body: eventBody(),
    });
    expectEnvelope(reply, 415, 'marquee_unsupported_media_type');
  });
});

describe('bodies past the parsers’ limits', () => {
  const form = (body: string) =>
    send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/events',
      headers: { ...OWNER, 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(body),
    });

  it('refuses a form nested deeper than 32 brackets with 400', async () => {
    expectEnvelope(await form(`a${'[b]'.repeat(40)}=1`), 400, 'marquee_bad_request');
  });

  it('refuses a form with more than 1000 parameters with 413', async () => {
    const body = Array.from({ length: 1100 }, (_, i) => `k${i}=1`).join('&');
    expectEnvelope(await form(body), 413, 'marquee_payload_too_large');
  });

  const venue = (depth: number) =>
    send({
      method: 'POST',
      path: '/wp-json/tribe/events/v1/venues',
      headers: { ...OWNER, 'content-type': 'application/json' },
      body: Buffer.from(`{"venue":"Deep","show_map":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    });

  it('refuses JSON nested deeper than 64 levels before validation', async () => {
    expectEnvelope(await venue(15_000), 400, 'rest_invalid_json');
    expectEnvelope(await venue(64), 400, 'rest_invalid_json');
    // 63 arrays inside the body object: 64 levels, past the check (WordPress reads show_map
    // as a truthy flag, and an array of arrays as false).
    expect((await venue(63)).status).toBe(201);
  });
});

describe('refusals by Node’s HTTP parser', () => {
  it('answers headers over 16 KB with 431 in the envelope', async () => {
    const answer = parseRawAnswer(
      await rawExchange(
        port,
        `GET /wp-json/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/connection: close/i);
    expect(answer.body).toMatchObject({
      code: 'marquee_headers_too_large',
      data: { status: 431 },
    });
    errorEnvelopeSchema.parse(answer.body);
  });

  it('answers a URL over 16 KB with 431 in the envelope, and a HEAD without a body', async () => {
    const path = `/wp-json/tribe/events/v1/events?search=${'a'.repeat(17_000)}`;
    const get = parseRawAnswer(
      await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(get.status).toBe(431);
    expect(get.body).toMatchObject({ code: 'marquee_headers_too_large' });
    const head = parseRawAnswer(
      await rawExchange(port, `HEAD ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(head.status).toBe(431);
    expect(head.body).toBe('');
  });

  it.each([
    'GARBAGE\r\n\r\n',
    'GET /wp-json/ HTTP/9.9\r\nHost: localhost\r\n\r\n',
    'GET /wp-json/ HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
    'POST /wp-json/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
    'FOO /wp-json/ HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])('answers a bad request 400 in the envelope: %j', async (bytes) => {
    const answer = parseRawAnswer(await rawExchange(port, bytes));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'marquee_bad_request', data: { status: 400 } });
  });

  it('answers a CONNECT (no route takes one) in the envelope', async () => {
    const answer = parseRawAnswer(
      await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n'),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });
});
