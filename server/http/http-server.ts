/**
 * The Node HTTP server every host uses (serve, the desktop shell, tests): time limits so slow
 * or idle clients cannot hold connections, and the WordPress error envelope on what Node's own
 * parser refuses before the app sees a request (431 for headers or a URL over 16 KB, 400 for a
 * bad request line, 408 when the request does not arrive in time).
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '#shared/errors/codes.ts';
import { trackAnswers } from './stop-serving.ts';

type HttpLimits = {
  /** All headers must arrive within this (slowloris). */
  headersTimeout: number;
  /** The whole request, body included: a 256 MB import at ~1.5 MB/s. */
  requestTimeout: number;
  /**
   * An idle kept-alive connection is closed after this. (Node's maxRequestsPerSocket is not
   * used: past it Node answers a bare 503 on a connection it keeps open.)
   */
  keepAliveTimeout: number;
  /** How often Node checks the two request timeouts. */
  connectionsCheckingInterval: number;
};

export const HTTP_LIMITS: HttpLimits = {
  headersTimeout: 20_000,
  requestTimeout: 180_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 5_000,
};

export function createHttpServer(
  listener: RequestListener,
  limits: HttpLimits = HTTP_LIMITS,
): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeout,
      requestTimeout: limits.requestTimeout,
      keepAliveTimeout: limits.keepAliveTimeout,
      connectionsCheckingInterval: limits.connectionsCheckingInterval,
    },
    listener,
  );
  trackAnswers(server);
  server.on('clientError', answerRefusal);
  // Without a listener Node drops a CONNECT without a word; no route takes one.
  server.on('connect', (_req: IncomingMessage, socket: Socket) =>
    writeRawAnswer(socket, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    }),
  );
  return server;
}

/** Node's parser error: its code, and the chunk of bytes it was reading. */
type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** Node's refusal as our code, status and message (Node's own statuses: see _http_server). */
function refusalOf(error: ParserError): [ErrorCode, number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        'marquee_headers_too_large',
        431,
        'The request line and headers are larger than 16 KB.',
      ];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['marquee_payload_too_large', 413, 'The chunk extensions are too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['marquee_request_timeout', 408, 'The request did not arrive in time.'];
    default:
      return ['marquee_bad_request', 400, 'The request is not valid HTTP/1.1.'];
  }
}

/** What Node's socket knows of the answer in progress (internal, as in Node's own handler). */
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Writes the refusal straight to the socket (there is no request or response object), unless
 * the peer is gone or an answer has already started on it, and closes the connection.
 */
function answerRefusal(error: ParserError, socket: ServerSocket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [code, status, message] = refusalOf(error);
  // A HEAD's answer has no body (the client would read one as the next answer). The method is
  // known only from the bytes Node was reading: a HEAD that arrived in pieces gets the body.
  const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  writeRawAnswer(socket, status, head ? undefined : { code, message });
}

/** An HTTP/1.1 answer in the WordPress envelope (or without a body), then the socket closes. */
function writeRawAnswer(
  socket: Socket,
  status: number,
  error: { code: ErrorCode; message: string } | undefined,
): void {
  const body = error ? JSON.stringify({ ...error, data: { status } }) : '';
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  // A peer that does not read its answer does not keep the socket either.
  socket.setTimeout(5_000, () => socket.destroy());
}
