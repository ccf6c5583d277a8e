/**
 * Requests that fetch refuses to send: any Host header, broken escapes in the path, any method,
 * compressed bodies with any Content-Encoding (node:http), and bytes that are not HTTP at all
 * (a bare socket). Bodies come back as text with the status and headers.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

export type RawRequest = {
  method: string;
  /** Sent as it is, e.g. `/wp-json/tribe/events/v1/events/%zz`. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
};

export type RawReply = { status: number; headers: Record<string, unknown>; text: string };

const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

/** One request over node:http (kept-alive connections). Streams (SSE) are cut after the head. */
export function rawRequest(port: number, init: RawRequest): Promise<RawReply> {
  // node:http sends a GET's or HEAD's body without a length, which makes it a second request.
  const headers =
    init.body === undefined
      ? init.headers
      : { 'content-length': init.body.length, ...init.headers };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: init.method,
        path: init.path,
        headers,
        setHost: !Object.keys(init.headers).some((name) => name.toLowerCase() === 'host'),
        agent: keepAlive,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status, headers: res.headers, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Writes `bytes` to a fresh connection and returns everything the server sends until it closes. */
export function rawExchange(port: number, bytes: string | Buffer, waitMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset after its answer; what arrived still counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(bytes);
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(text: string): { status: number; head: string; body: unknown } {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const rest = split === -1 ? '' : text.slice(split + 4);
  let body: unknown = rest;
  try {
    body = JSON.parse(rest);
  } catch {
    // Not JSON: the test says so.
  }
  return { status, head, body };
}
