import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { queryOnce } from './query-once.ts';

describe('queryOnce', () => {
  it('parses the query string once, however often it is read', async () => {
    let parsed = 0;
    const app = express();
    app.set('query parser', (text: string) => {
      parsed += 1;
      return Object.fromEntries(new URLSearchParams(text));
    });
    app.use(queryOnce);
    app.get('/', (req, res) => {
      res.json([req.query.a, req.query.b, req.query.a]);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/?a=1&b=two`);
      expect(await reply.json()).toEqual(['1', 'two', '1']);
      expect(parsed).toBe(1);
    } finally {
      server.close();
    }
  });
});
