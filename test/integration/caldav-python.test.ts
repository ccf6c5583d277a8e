/**
 * A second, independent CalDAV client: Debian's python3-caldav (what Python tools use) lists
 * the calendar, syncs by token, creates, edits, searches by date and deletes, through a real
 * server, and the REST API sees what it did. The same script against Radicale, a reference
 * CalDAV server, holding the same event, sees the same.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { serverPerTest } from '../support/test-server.ts';

const support = (name: string) => fileURLToPath(new URL(`../support/${name}`, import.meta.url));
const start = serverPerTest({ overrides: { name: 'Hall' } });

/** Runs a script without blocking the server, which answers it from this process. */
function runPython(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', [support(script), ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

const EXPECTED = {
  calendars: 1,
  name: 'Hall',
  full: ['Concert'],
  delta: ['Load-in'],
  after_edit: 'Load-in (crew)',
  december_3: ['Concert', 'Load-in (crew)'],
  after_delete: ['Concert'],
};

it('serves python3-caldav: sync, create, edit, date search, delete', async () => {
  const server = await start();
  await server.api('/events', {
    as: 'editor',
    json: { title: 'Concert', start_date: '2026-12-03 20:00:00', end_date: '2026-12-03 22:00:00' },
  });
  const seen = JSON.parse(
    await runPython('caldav-client.py', [
      `${server.url}/dav/`,
      'editor token',
      server.tokens.editor,
    ]),
  ) as Record<string, unknown>;
  expect(seen).toEqual(EXPECTED);
  const trashed = (await server.api('/events?status=trash', { as: 'editor' })).body as {
    events: { title: string }[];
  };
  expect(trashed.events.map((event) => event.title)).toEqual(['Load-in (crew)']);
});

let radicale: ChildProcess | undefined;
const folders: string[] = [];
afterEach(() => {
  radicale?.kill();
  radicale = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Radicale on a free loopback port, storing in a folder of its own, anyone signed in. */
async function startRadicale(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-radicale-'));
  folders.push(dir);
  const port = await freePort();
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = none',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = info',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/bin/python3', ['-m', 'radicale', '--config', config]);
  radicale = child;
  // It says so once it listens (at the info level).
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Listening on')) resolve();
    });
    child.once('exit', () => reject(new Error(`radicale exited: ${log}`)));
  });
  return `http://127.0.0.1:${port}/`;
}

it('answers the client as Radicale, a reference CalDAV server, does', async () => {
  const installed = spawnSync('/usr/bin/python3', ['-c', 'import radicale']).status === 0;
  if (!installed)
    throw new Error(
      'This test compares with Radicale: install it with `sudo apt-get install -y radicale`.',
    );
  const url = await startRadicale();
  await runPython('radicale-seed.py', [url, 'editor']);
  const seen = JSON.parse(await runPython('caldav-client.py', [url, 'editor', 'x'])) as unknown;
  expect(seen).toEqual(EXPECTED);
});
