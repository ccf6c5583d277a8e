/**
 * A second, independent CalDAV client: Debian's python3-caldav (what Python tools use) lists
 * the calendar, syncs by token, creates, edits, searches by date and deletes, through a real
 * server, and the REST API sees what it did.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { serverPerTest } from '../support/test-server.ts';

const CLIENT = fileURLToPath(new URL('../support/caldav-client.py', import.meta.url));
const start = serverPerTest({ overrides: { name: 'Hall' } });

/** Runs the script without blocking the server, which answers it from this process. */
function runPython(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', [CLIENT, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

it('serves python3-caldav: sync, create, edit, date search, delete', async () => {
  const server = await start();
  await server.api('/events', {
    as: 'editor',
    json: { title: 'Concert', start_date: '2026-12-03 20:00:00', end_date: '2026-12-03 22:00:00' },
  });
  const seen = JSON.parse(
    await runPython([`${server.url}/dav/`, 'editor token', server.tokens.editor]),
  ) as Record<string, unknown>;
  expect(seen).toEqual({
    calendars: 1,
    name: 'Hall',
    full: ['Concert'],
    delta: ['Load-in'],
    after_edit: 'Load-in (crew)',
    december_3: ['Concert', 'Load-in (crew)'],
    after_delete: ['Concert'],
  });
  const trashed = (await server.api('/events?status=trash', { as: 'editor' })).body as {
    events: { title: string }[];
  };
  expect(trashed.events.map((event) => event.title)).toEqual(['Load-in (crew)']);
});
