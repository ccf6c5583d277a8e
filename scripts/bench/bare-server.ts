/**
 * The ceiling: a bare node:http server answering a fixed JSON body, on the same Node.
 * `node bare-server.ts PORT [BYTES]`: BYTES pads the body to the size of a real answer.
 */
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
const padding = Number(process.argv[3] ?? 0);
const body = JSON.stringify({ hello: 'world', padding: 'x'.repeat(padding) });
createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}).listen(port, '127.0.0.1', () => console.log('ready'));
