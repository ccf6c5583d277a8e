/**
 * A server stopped in the middle of a large import's write: stopped at once, the import rolls
 * back and says so (503 marquee_stopping); killed with SIGKILL it comes back as it was before
 * the import; told to stop (SIGTERM) it stops, and the import's answer says truly whether it
 * was kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bigIcs, concert, EVENTS, IMPORT, listed, send } from '../support/big-import.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';
import { integrityOf } from '../support/storage.ts';
import { emptyWal, writeUnderWay } from '../support/wal-watch.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const TIMEOUT_MS = 180_000;

let server: TestServer | undefined;
let child: CliServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (child && child.process.exitCode === null && child.process.signalCode === null) {
    child.process.kill('SIGKILL');
    await child.exit;
  }
  child = undefined;
});

it(
  'stops an import that is writing when the server stops, and answers it: nothing was kept',
  async () => {
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    const { url, dataDir } = server;
    const importing = send(url, 'POST', IMPORT, bigIcs(10_000_000).text);
    await writeUnderWay(dataDir, importing);
    const stopping = server.close(true, 0);
    server = undefined;
    const answer = await importing;
    await stopping;
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      503,
      expect.objectContaining({ code: 'marquee_stopping', data: { status: 503 } }),
    ]);
    try {
      server = await startTestServer({ dataDir });
      expect((await listed(server.url)).total).toBe(0);
      expect(integrityOf(dataDir)).toEqual({ integrity: ['ok'], foreignKeyProblems: 0 });
    } finally {
      await server?.close();
      server = undefined;
    }
  },
  TIMEOUT_MS,
);

it(
  'comes back as it was before the import after a kill -9 or SIGTERM in the middle of its write',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-import-kill-'));
    try {
      const args = ['--data', dataDir, '--admin-token', OWNER_TOKEN];
      child = await serveCli(args);
      for (const title of ['First', 'Second', 'Third'])
        expect((await send(child.url, 'POST', EVENTS, concert(title))).status).toBe(201);
      emptyWal(dataDir);
      const importing = send(child.url, 'POST', IMPORT, bigIcs(10_000_000).text).catch(
        () => undefined, // killed before it answered
      );
      await writeUnderWay(dataDir, importing);
      child.process.kill('SIGKILL');
      expect((await child.exit).signal).toBe('SIGKILL');
      expect(await importing).toBeUndefined();

      child = await serveCli(args);
      expect((await listed(child.url)).total).toBe(3);
      expect(integrityOf(dataDir)).toEqual({ integrity: ['ok'], foreignKeyProblems: 0 });

      // SIGTERM in the middle of the write: the server stops, and the import is there whole,
      // if it ended within the grace of shutdown, or not at all, as its answer says: the
      // answer arrives either way, never a connection cut after a write that landed.
      const { text, events } = bigIcs(10_000_000);
      emptyWal(dataDir);
      const stopped = send(child.url, 'POST', IMPORT, text);
      await writeUnderWay(dataDir, stopped);
      child.process.kill('SIGTERM');
      const exit = await child.exit;
      expect([exit.code, exit.stdout]).toEqual([0, expect.stringContaining('Marquee stopped.')]);
      const answer = await stopped;
      if (answer.status !== 201)
        expect([answer.status, JSON.parse(answer.body)]).toEqual([
          503,
          expect.objectContaining({ code: 'marquee_stopping' }),
        ]);
      console.log(`stopped in the middle of its write, the import answered ${answer.status}`);
      child = await serveCli(args);
      const total = (await listed(child.url)).total;
      expect(total).toBe(answer.status === 201 ? 3 + events : 3);
      expect(integrityOf(dataDir)).toEqual({ integrity: ['ok'], foreignKeyProblems: 0 });
    } finally {
      if (child && child.process.exitCode === null) {
        child.process.kill('SIGKILL');
        await child.exit;
      }
      child = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TIMEOUT_MS,
);
