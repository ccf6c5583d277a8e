/**
 * khal, the command-line calendar, as a CalDAV client through vdirsyncer (Debian's both):
 * vdirsyncer keeps a folder of the calendar's .ics files, and `khal list` reads the week from
 * it as a person at a terminal would: times in the venue's zone, an all-day event as one, each
 * occurrence of a series, nothing outside the week, and an event moved in the editor at its new
 * time after the next sync.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runCommand } from '../support/run-command.ts';
import { serverPerTest } from '../support/test-server.ts';

const ZONE = 'Europe/Berlin';
const start = serverPerTest({ overrides: { timezone: ZONE } });
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs vdirsyncer or khal with `home` as its home. */
const run = (command: string, args: string[], home: string) =>
  runCommand(command, args, { HOME: home, XDG_DATA_HOME: join(home, 'data') });

it('lists the week synced by vdirsyncer with khal', async () => {
  const server = await start();
  const create = async (json: Record<string, unknown>) => {
    const created = await server.api('/events', { as: 'editor', json });
    expect(created.status).toBe(201);
    return (created.body as { id: number }).id;
  };
  await create({
    title: 'Yoga',
    start_date: '2026-12-07 09:00:00',
    end_date: '2026-12-07 10:00:00',
    recurrence: { rrule: 'FREQ=DAILY;COUNT=10', exdates: [] },
  });
  const concert = await create({
    title: 'Concert',
    start_date: '2026-12-09 20:00:00',
    end_date: '2026-12-09 22:30:00',
  });
  await create({
    title: 'Stage closed',
    all_day: true,
    start_date: '2026-12-10 00:00:00',
    end_date: '2026-12-10 23:59:59',
  });
  await create({
    title: 'New year party',
    start_date: '2026-12-31 21:00:00',
    end_date: '2027-01-01 02:00:00',
  });

  const dir = mkdtempSync(join(tmpdir(), 'marquee-khal-'));
  folders.push(dir);
  const local = join(dir, 'calendar');
  mkdirSync(local);
  mkdirSync(join(dir, 'data'));
  const sync = join(dir, 'vdirsyncer');
  writeFileSync(
    sync,
    [
      '[general]',
      `status_path = "${join(dir, 'status')}/"`,
      '[pair venue]',
      'a = "folder"',
      'b = "marquee"',
      'collections = ["from b"]',
      '[storage folder]',
      'type = "filesystem"',
      `path = "${local}/"`,
      'fileext = ".ics"',
      '[storage marquee]',
      'type = "caldav"',
      `url = "${server.url}/dav/"`,
      'username = "editor token"',
      `password = "${server.tokens.editor}"`,
      '',
    ].join('\n'),
  );
  const khal = join(dir, 'khal');
  writeFileSync(
    khal,
    [
      '[calendars]',
      '[[venue]]',
      // vdirsyncer names the folder after the calendar it discovered.
      `path = ${join(local, 'events')}/`,
      'type = calendar',
      '[locale]',
      `local_timezone = ${ZONE}`,
      `default_timezone = ${ZONE}`,
      'timeformat = %H:%M',
      'dateformat = %Y-%m-%d',
      'longdateformat = %Y-%m-%d',
      'datetimeformat = %Y-%m-%d %H:%M',
      'longdatetimeformat = %Y-%m-%d %H:%M',
      '[sqlite]',
      `path = ${join(dir, 'data', 'khal.db')}`,
      '',
    ].join('\n'),
  );
  await run('/usr/bin/vdirsyncer', ['-c', sync, 'discover'], dir);
  await run('/usr/bin/vdirsyncer', ['-c', sync, 'sync'], dir);
  const week = async () =>
    (
      await run(
        '/usr/bin/khal',
        [
          '-c',
          khal,
          'list',
          '--day-format',
          '',
          '--format',
          '{start-date} {start-time} {title}',
          '2026-12-07',
          '7d',
        ],
        dir,
      )
    )
      .split('\n')
      // An all-day event has no start time: its two spaces become one.
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .sort();

  expect(await week()).toEqual([
    '2026-12-07 09:00 Yoga',
    '2026-12-08 09:00 Yoga',
    '2026-12-09 09:00 Yoga',
    '2026-12-09 20:00 Concert',
    '2026-12-10 09:00 Yoga',
    '2026-12-10 Stage closed',
    '2026-12-11 09:00 Yoga',
    '2026-12-12 09:00 Yoga',
    '2026-12-13 09:00 Yoga',
  ]);

  await server.api(`/events/${concert}`, {
    as: 'editor',
    json: { start_date: '2026-12-11 21:00:00', end_date: '2026-12-11 23:00:00' },
  });
  await run('/usr/bin/vdirsyncer', ['-c', sync, 'sync'], dir);
  const moved = await week();
  expect(moved).not.toContain('2026-12-09 20:00 Concert');
  expect(moved).toContain('2026-12-11 21:00 Concert');
}, 60_000);
