/**
 * A request whose body is streamed from a generator, as a large upload is sent: it stops
 * sending when the server answers or closes the connection, and resolves with the answer (or
 * with status 0 when the connection ended without one).
 */
import { request } from 'node:http';

export type UploadReply = { status: number; text: string; headers: Record<string, unknown> };

export function streamedUpload(
  url: string,
  init: {
    headers: Record<string, string>;
    length: number;
    chunks: Iterable<Buffer> | AsyncIterable<Buffer>;
  },
): Promise<UploadReply> {
  return new Promise((resolve) => {
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: { ...init.headers, 'content-length': String(init.length) },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', () => {
      if (!answered) resolve({ status: 0, text: '', headers: {} });
    });
    void (async () => {
      for await (const chunk of init.chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk))
          await new Promise<void>((resume) => {
            req.once('drain', resume);
            req.once('close', resume);
          });
      }
      if (!req.destroyed) req.end();
    })();
  });
}

/** `total` bytes of `fill`, in chunks of a megabyte. */
export function* bytes(total: number, fill = 0x61): Generator<Buffer> {
  const chunk = Buffer.alloc(1 << 20, fill);
  for (let sent = 0; sent < total; sent += chunk.length)
    yield total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
}
