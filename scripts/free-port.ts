/** A loopback port for a server a test or a bench starts. */
import { createServer } from 'node:net';

/** A loopback port nothing listens on (the OS's choice, given back at once). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}
