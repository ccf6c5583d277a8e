/**
 * A third CalDAV client, strict about ETags: Debian's vdirsyncer keeps a folder of .ics files
 * in step with the calendar both ways (what khal and other command-line calendars read). Edits
 * on either side, a new file and a deleted one all cross over.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runCommand } from '../support/run-command.ts';
import { serverPerTest } from '../support/test-server.ts';

const start = serverPerTest();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const vdirsyncer = (config: string, ...args: string[]) =>
  runCommand('/usr/bin/vdirsyncer', ['-c', config, ...args]);

type Listed = { events: { id: number; title: string }[] };

it('syncs a folder of .ics files with the calendar both ways', async () => {
  const server = await start();
  await server.api('/events', {
    as: 'editor',
    json: { title: 'Concert', start_date: '2026-12-03 20:00:00', end_date: '2026-12-03 22:00:00' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'marquee-vdirsyncer-'));
  folders.push(dir);
  const local = join(dir, 'calendar');
  mkdirSync(local);
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[general]',
      `status_path = "${join(dir, 'status')}/"`,
      '[pair venue]',
      'a = "folder"',
      'b = "marquee"',
      'collections = null',
      'conflict_resolution = "a wins"',
      '[storage folder]',
      'type = "filesystem"',
      `path = "${local}/"`,
      'fileext = ".ics"',
      '[storage marquee]',
      'type = "caldav"',
      `url = "${server.url}/dav/calendars/events/"`,
      'username = "editor token"',
      `password = "${server.tokens.editor}"`,
      '',
    ].join('\n'),
  );
  await vdirsyncer(config, 'discover');
  await vdirsyncer(config, 'sync');
  const files = () => readdirSync(local).filter((name) => name.endsWith('.ics'));
  expect(files()).toHaveLength(1);
  const file = join(local, files()[0]!);
  expect(readFileSync(file, 'utf8')).toContain('SUMMARY:Concert');

  // Edited in the folder; a new file; then synced.
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace('SUMMARY:Concert', 'SUMMARY:Concert (sold out)'),
  );
  writeFileSync(
    join(local, 'folder-1.ics'),
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//khal//EN',
      'BEGIN:VEVENT',
      'UID:folder-1',
      'DTSTAMP:20261120T100000Z',
      'DTSTART:20261204T090000Z',
      'DTEND:20261204T100000Z',
      'SUMMARY:Stage build',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  await vdirsyncer(config, 'sync');
  // The server stores what it was sent in its own form, so a PUT answers no ETag (RFC 4791
  // §5.3.4): vdirsyncer takes the stored form at its next sync.
  await vdirsyncer(config, 'sync');
  expect(readFileSync(join(local, 'folder-1.ics'), 'utf8')).toContain('PRODID:-//Marquee//');
  const titles = async () =>
    ((await server.api('/events?start_date=2026-12-01', { as: 'editor' })).body as Listed).events
      .map((event) => event.title)
      .sort();
  expect(await titles()).toEqual(['Concert (sold out)', 'Stage build']);

  // Edited through REST; deleted in the folder.
  const listed = (await server.api('/events?search=Stage', { as: 'editor' })).body as Listed;
  await server.api(`/events/${listed.events[0]!.id}`, {
    as: 'editor',
    json: { title: 'Stage build (crew of 6)' },
  });
  unlinkSync(file);
  await vdirsyncer(config, 'sync');
  expect(await titles()).toEqual(['Stage build (crew of 6)']);
  expect(files()).toHaveLength(1);
  expect(readFileSync(join(local, files()[0]!), 'utf8')).toContain(
    'SUMMARY:Stage build (crew of 6)',
  );
}, 60_000);
