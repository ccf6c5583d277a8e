/** `marquee serve` beyond loopback says, in one line, that it serves plain http to the network. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { serveCli } from '../support/cli-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-exposure-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function stderrOf(args: string[]): Promise<string> {
  const server = await serveCli(['--data', dataDir, ...args]);
  server.process.kill('SIGINT');
  return (await server.exit).stderr;
}

it('warns on a bind to every interface, and points to the README’s reverse proxy', async () => {
  const stderr = await stderrOf(['--host', '0.0.0.0']);
  const lines = stderr.split('\n').filter((line) => line.includes('plain http'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('0.0.0.0');
  expect(lines[0]).toContain('reverse proxy');
  expect(lines[0]).toContain('README');
});

it('says nothing of the kind on loopback', async () => {
  expect(await stderrOf(['--host', '127.0.0.1'])).not.toContain('plain http');
});
