/**
 * A data directory is its owner's alone: the folder 0700 and every file in it 0600 (the
 * database and its WAL and SHM, settings, the lock, server.json, snapshots), made so by
 * `serve` and by the command line, on a fresh directory and on one an older version left
 * readable by everyone.
 */
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, serveCli } from '../support/cli-process.ts';

let work: string;
let data: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'marquee-private-'));
  data = join(work, 'calendar');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Every path under `dir` (itself first) with its permission bits, e.g. ["backups/", 0o700]. */
function modesUnder(dir: string, prefix = ''): [string, number][] {
  const found: [string, number][] = [[prefix || '.', statSync(dir).mode & 0o777]];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...modesUnder(path, `${prefix}${entry.name}/`));
    else found.push([`${prefix}${entry.name}`, statSync(path).mode & 0o777]);
  }
  return found;
}

function expectOwnerOnly(dir: string, mustHold: string[]): void {
  const modes = modesUnder(dir);
  for (const name of mustHold) expect(modes.map(([path]) => path)).toContain(name);
  for (const [path, mode] of modes) {
    const wanted = path === '.' || path.endsWith('/') ? 0o700 : 0o600;
    expect([path, mode.toString(8)]).toEqual([path, wanted.toString(8)]);
  }
}

/** What an older version left: everything readable by everyone (folders 0755, files 0644). */
function makeWorldReadable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWorldReadable(path);
    else chmodSync(path, 0o644);
  }
}

const SERVED = [
  '.',
  'marquee.db',
  'marquee.db-wal',
  'marquee.db-shm',
  'marquee.lock',
  'server.json',
  'settings.json',
];

describe('the data directory is owner-only', () => {
  it('from a fresh start of serve, and on a directory left world-readable', async () => {
    const fresh = await serveCli(['--data', data]);
    expectOwnerOnly(data, SERVED);
    fresh.process.kill('SIGINT');
    await fresh.exit;

    expect((await runCli(['snapshots', 'create', '--data', data])).code).toBe(0);
    makeWorldReadable(data);
    expect(statSync(join(data, 'marquee.db')).mode & 0o777).toBe(0o644);
    const again = await serveCli(['--data', data]);
    expectOwnerOnly(data, [...SERVED, 'backups/']);
    again.process.kill('SIGINT');
    await again.exit;
  });

  it('from the command line, fresh and on a directory left world-readable', async () => {
    const made = await runCli(['snapshots', 'create', '--data', data]);
    expect(made.code, made.stderr).toBe(0);
    expectOwnerOnly(data, ['.', 'marquee.db', 'backups/']);
    makeWorldReadable(data);
    expect((await runCli(['token', 'list', '--data', data])).code).toBe(0);
    expectOwnerOnly(data, ['.', 'marquee.db', 'backups/']);
  });
});
