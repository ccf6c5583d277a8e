/**
 * The HTTP server every host uses (http-server.ts) keeps slow and idle clients from holding
 * connections: a client too slow with its headers gets 408 in the envelope, and an idle
 * kept-alive connection is closed.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { createHttpServer, HTTP_LIMITS } from '#server/http/http-server.ts';
import { parseRawAnswer, rawExchange } from '../support/raw-http.ts';

describe('the HTTP server’s limits', () => {
  let plain: Server | undefined;

  async function serve(limits = HTTP_LIMITS): Promise<number> {
    plain = createHttpServer((_req, res) => res.end('ok'), limits);
    await new Promise<void>((resolve) => plain?.listen(0, '127.0.0.1', resolve));
    return (plain.address() as AddressInfo).port;
  }

  afterEach(async () => {
    const running = plain;
    plain = undefined;
    if (!running) return;
    running.closeAllConnections();
    await new Promise((resolve) => running.close(resolve));
  });

  it('are set for slow clients and idle connections', () => {
    expect(HTTP_LIMITS.headersTimeout).toBeLessThanOrEqual(30_000);
    expect(HTTP_LIMITS.requestTimeout).toBeGreaterThan(HTTP_LIMITS.headersTimeout);
    expect(HTTP_LIMITS.keepAliveTimeout).toBeLessThanOrEqual(10_000);
  });

  it('answer a client too slow with its headers 408, in the envelope', async () => {
    const slowPort = await serve({
      ...HTTP_LIMITS,
      headersTimeout: 200,
      requestTimeout: 400,
      connectionsCheckingInterval: 50,
    });
    const started = Date.now();
    const answer = parseRawAnswer(
      await rawExchange(slowPort, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 3000),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: 'marquee_request_timeout', data: { status: 408 } });
    errorEnvelopeSchema.parse(answer.body);
  });

  it('close an idle kept-alive connection', async () => {
    const idlePort = await serve({ ...HTTP_LIMITS, keepAliveTimeout: 200 });
    const started = Date.now();
    const text = await rawExchange(idlePort, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n', 5000);
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
