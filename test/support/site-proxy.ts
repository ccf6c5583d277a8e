/**
 * A host in front of the real TEC site, as hosts go wrong ("honest about the host"):
 * it passes requests on as they are, or drops their Authorization header (Apache with PHP as
 * CGI), or hides The Events Calendar from the API's index (a WordPress without it), or answers
 * 503 to everything (a broken host).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HostMode = 'pass' | 'strip-authorization' | 'no-tec' | 'broken';

export type SiteProxy = { url: string; mode: HostMode; close(): Promise<void> };

export async function startSiteProxy(siteUrl: string): Promise<SiteProxy> {
  const target = new URL(siteUrl);
  const proxy: SiteProxy = { url: '', mode: 'pass', close: () => Promise.resolve() };
  const server: Server = createServer((incoming, outgoing) => {
    if (proxy.mode === 'broken') {
      outgoing.writeHead(503, { 'content-type': 'text/html' });
      outgoing.end('<h1>Service Unavailable</h1>');
      return;
    }
    const headers = { ...incoming.headers, host: target.host };
    if (proxy.mode === 'strip-authorization') delete headers.authorization;
    // The index is rewritten as a whole: asked for unencoded.
    delete headers['accept-encoding'];
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers,
      },
      (answer) => {
        const isIndex = /^\/wp-json\/?(\?.*)?$/.test(incoming.url ?? '');
        if (proxy.mode !== 'no-tec' || !isIndex) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => {
          const index = JSON.parse(body) as { namespaces: string[] };
          index.namespaces = index.namespaces.filter((name) => !name.startsWith('tribe/'));
          outgoing.writeHead(200, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify(index));
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
