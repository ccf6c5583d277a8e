/**
 * The header's one badge for the editor's line to its server: up to date while the server
 * answers, offline within moments of the server going away (its sync stream ends), and up to
 * date again when it is back. A server of this spec's own, on a data directory of its own, is
 * stopped and started again (the suite's server stays up for the other specs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

const en = RESOURCES.en.common;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** `marquee serve` on `port` and `data`, resolved once it serves. */
function serve(port: number, data: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['bin/marquee.mjs', 'serve', '--port', String(port), '--data', data, '--timezone', 'UTC'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is serving')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${output}`)));
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

test('says offline within moments of the server going, and up to date when it is back', async ({
  page,
}) => {
  const data = mkdtempSync(join(tmpdir(), 'marquee-connection-'));
  const port = await freePort();
  let server = await serve(port, data);
  try {
    const app = new AppShellPage(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(app.syncStatus).toContainText(en.sync.synced);
    // One badge in the header says how the line is, never two that disagree.
    await expect(page.getByRole('banner').getByRole('status')).toHaveCount(1);

    await stopped(server);
    await expect(app.syncStatus).toContainText(en.sync.offline, { timeout: 2000 });

    server = await serve(port, data);
    await expect(app.syncStatus).toContainText(en.sync.synced, { timeout: 20_000 });
  } finally {
    await stopped(server);
    rmSync(data, { recursive: true, force: true });
  }
});
