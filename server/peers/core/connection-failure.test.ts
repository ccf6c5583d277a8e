import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFailure } from './connection-failure.ts';

const HUB = { peer: 'The hub here.test', secureTo: 'the hub here.test', speaker: 'it' };
const SITE = { peer: 'The website here.test', secureTo: 'here.test', speaker: 'the site' };

/** What fetch threw, asking `url` for at most `timeoutMs`. */
async function failureOf(url: string, timeoutMs = 5000): Promise<unknown> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return error;
  }
  throw new Error(`${url} answered`);
}

describe('a request to a peer that got no answer', () => {
  // Accepts connections and never answers: neither http nor a TLS handshake.
  let silent: Server;
  const held: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('says the peer did not answer in time', async () => {
    const error = await failureOf(`http://127.0.0.1:${port}/`, 300);
    expect(connectionFailure(error, 300, HUB)).toEqual({
      problem: 'unreachable',
      message: 'The hub here.test did not answer within 0 s.',
    });
    expect(connectionFailure(error, 20_000, SITE).message).toBe(
      'The website here.test did not answer within 20 s.',
    );
  });

  it('says nothing answers at an address nobody listens on', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf(`http://127.0.0.1:${free}/`);
    expect(connectionFailure(error, 5000, SITE)).toEqual({
      problem: 'unreachable',
      message: 'The website here.test cannot be reached: nothing answers at that address.',
    });
  });

  it('says a host name that does not exist is none', async () => {
    const error = await failureOf('http://no-such-host.invalid/');
    expect(connectionFailure(error, 5000, HUB).message).toBe(
      'The hub here.test cannot be reached: no such host name (check the address, or the network).',
    );
  });

  it('says the secure connection failed when https meets no TLS', async () => {
    // Answers the TLS client's first bytes in plain http.
    const plain = createServer((socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const at = (plain.address() as { port: number }).port;
    const error = await failureOf(`https://127.0.0.1:${at}/`);
    await new Promise<void>((resolve) => plain.close(() => resolve()));
    const { problem, message } = connectionFailure(error, 5000, SITE);
    expect(problem).toBe('tls');
    expect(message).toMatch(
      /^The secure connection to here\.test failed \(.+\): its certificate is not one this computer trusts, or the site does not speak https at that address\.$/,
    );
    expect(connectionFailure(error, 5000, HUB).message).toMatch(
      /^The secure connection to the hub here\.test failed \(.+\): .*, or it does not speak https at that address\.$/,
    );
  });
});
