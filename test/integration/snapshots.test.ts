/**
 * Snapshots over HTTP (`marquee/v1/snapshots`): the daily one at start and once a day after a
 * change (a fixed clock moved on, no sleeping), made after the request that found it due, never
 * in its way; 7 daily and 4 weekly kept, and the newest 5 others; a snapshot before a large
 * import that writes (gone again when the write fails), none before a backup restore; admins
 * only, and names are never paths. Restores are in snapshots-restore.test.ts.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_RECORDS } from '#server/transfer/import/import-file.ts';
import { fillDisk } from '../support/storage.ts';
import {
  caughtUp,
  change,
  listSnapshots,
  restoreSnapshot,
  snapshotNow,
  SNAPSHOTS,
} from '../support/snapshots.ts';
import { serverPerTest, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

const DAY = 86_400_000;

const started = serverPerTest();

describe('the daily snapshot', () => {
  it('is made at start, and again once a day has passed and the calendar changed', async () => {
    const on = await started();
    await caughtUp(on);
    expect((await listSnapshots(on)).map(({ name, reason }) => [name, reason])).toEqual([
      ['marquee-2026-11-20T100000Z-daily.db', 'daily'],
    ]);
    expect(readdirSync(join(on.dataDir, 'backups'))).toEqual([
      'marquee-2026-11-20T100000Z-daily.db',
    ]);

    await change(on, 'First change');
    on.clock.advance(DAY - 1000);
    expect(await listSnapshots(on)).toHaveLength(1);
    on.clock.advance(1000);
    // The request that finds it due is answered first; the snapshot is made after it, aside.
    expect(await listSnapshots(on)).toHaveLength(1);
    await on.idle();
    const [newest] = await listSnapshots(on);
    expect(newest).toMatchObject({
      name: 'marquee-2026-11-21T100000Z-daily.db',
      created: '2026-11-21 10:00:00',
      reason: 'daily',
      events: 1,
    });
    expect(newest?.size).toBeGreaterThan(0);

    // A day with no change adds nothing: that state is in the newest snapshot already.
    on.clock.advance(2 * DAY);
    expect(await listSnapshots(on)).toHaveLength(2);
    await change(on, 'Second change');
    await caughtUp(on);
    expect((await listSnapshots(on))[0]?.name).toBe('marquee-2026-11-23T100000Z-daily.db');
  });

  it('keeps the last 7 daily and the last 4 weekly ones', async () => {
    const on = await started();
    // Forty days, one change each: a daily snapshot every day from 2026-11-20 to 2026-12-29.
    for (let day = 1; day < 40; day += 1) {
      await change(on, `Day ${day}`);
      on.clock.advance(DAY);
      await caughtUp(on);
    }
    const names = (await listSnapshots(on)).map((snapshot) => snapshot.name);
    const daily = (day: string) => `marquee-2026-12-${day}T100000Z-daily.db`;
    expect(names).toEqual(
      // The last seven days, then the newest of each ISO week before (Sunday the 20th and 13th).
      ['29', '28', '27', '26', '25', '24', '23', '20', '13'].map(daily),
    );
    expect(readdirSync(join(on.dataDir, 'backups')).sort()).toEqual([...names].sort());
  });
});

describe('snapshots before large writes', () => {
  const csv = (rows: number) =>
    [
      'event_name,event_start_date,event_start_time,event_end_time',
      ...Array.from({ length: rows }, (_, index) => `Talk ${index},2027-01-01,10:00,11:00`),
    ].join('\n');

  it('an import of more than 1,000 events is snapshotted first; a smaller one or a preview is not', async () => {
    const on = await started();
    const importCsv = (rows: number, dryRun = false) =>
      on.request(`/wp-json/marquee/v1/import?format=csv&dryRun=${dryRun}`, {
        as: 'owner',
        text: csv(rows),
      });
    expect((await importCsv(1000)).status).toBe(201);
    expect((await importCsv(1001, true)).status).toBe(200);
    expect((await listSnapshots(on)).map((snapshot) => snapshot.reason)).toEqual(['daily']);
    on.clock.advance(1000);
    expect((await importCsv(1001)).status).toBe(201);
    const [before] = await listSnapshots(on);
    // It holds the calendar as it was before the import.
    expect(before).toMatchObject({ reason: 'before-import', events: 1000 });
  });

  it('a large import that fails leaves no snapshot behind: it would hold nothing new', async () => {
    const on = await started();
    await caughtUp(on);
    on.clock.advance(1000);
    const room = fillDisk(on.database);
    const refused = await on.request('/wp-json/marquee/v1/import?format=csv', {
      as: 'owner',
      text: csv(1001),
    });
    expect(refused.status).toBe(507);
    room();
    expect((await listSnapshots(on)).map((snapshot) => snapshot.reason)).toEqual(['daily']);
    expect(readdirSync(join(on.dataDir, 'backups'))).toHaveLength(1);
  });

  it('a file refused before its write (too many records) is not snapshotted', async () => {
    const on = await started();
    await caughtUp(on);
    const refused = await on.request('/wp-json/marquee/v1/import?format=csv', {
      as: 'owner',
      text: csv(MAX_IMPORT_RECORDS + 1),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('split it');
    expect((await listSnapshots(on)).map((snapshot) => snapshot.reason)).toEqual(['daily']);
  }, 60_000);

  it('a backup restore is not snapshotted: it restores only into an empty calendar', async () => {
    const on = await started();
    await caughtUp(on);
    const backup = await on.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
    on.clock.advance(1000);
    const restore = () =>
      on.request('/wp-json/marquee/v1/import?format=json', {
        as: 'owner',
        text: JSON.stringify(backup.body),
      });
    const restored = await restore();
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    await change(on, 'Now it is not empty');
    on.clock.advance(1000);
    expect((await restore()).status).toBe(409);
    expect((await listSnapshots(on)).map((snapshot) => snapshot.reason)).toEqual(['daily']);
  });
});

describe('how many are kept', () => {
  /** Snapshots put in the folder as if made earlier that day (copies of the daily one). */
  function earlier(on: TestServer, daily: string, names: string[]): void {
    const folder = join(on.dataDir, 'backups');
    for (const name of names) copyFileSync(join(folder, daily), join(folder, name));
  }
  const manual = (hour: string) => `marquee-2026-11-20T0${hour}0000Z-manual.db`;

  it('keeps the newest 5 besides the daily ones, and prunes before writing a new one', async () => {
    const on = await started();
    await caughtUp(on);
    const [daily] = await listSnapshots(on);
    earlier(on, daily?.name ?? '', ['1', '2', '3', '4', '5', '6'].map(manual));
    // The next one cannot be written (its temporary file's name is taken by a folder)…
    const coming = join(on.dataDir, 'backups', '.marquee-2026-11-20T100000Z-manual.db.partial');
    mkdirSync(coming);
    writeFileSync(join(coming, 'x'), 'in the way');
    const failed = await on.request(SNAPSHOTS, { as: 'owner', method: 'POST' });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // …yet it made room first, as if it were there: a full disk gets room back.
    expect((await listSnapshots(on)).map((snapshot) => snapshot.name)).toEqual([
      daily?.name,
      ...['6', '5', '4', '3'].map(manual),
    ]);
    rmSync(coming, { recursive: true });
    on.clock.advance(1000);
    const made = await snapshotNow(on);
    on.clock.advance(1000);
    const again = await snapshotNow(on);
    expect((await listSnapshots(on)).map((snapshot) => snapshot.name)).toEqual([
      again.name,
      made.name,
      daily?.name,
      ...['6', '5', '4'].map(manual),
    ]);
  });
});

describe('snapshot now', () => {
  it('made twice at once, in the same second: two snapshots, each whole', async () => {
    const on = await started();
    await caughtUp(on);
    await change(on, 'In both');
    const [first, second] = await Promise.all([snapshotNow(on), snapshotNow(on)]);
    expect(first?.name).not.toBe(second?.name);
    const listed = await listSnapshots(on);
    for (const made of [first, second])
      expect(listed.find((snapshot) => snapshot.name === made?.name)).toMatchObject({
        reason: 'manual',
        events: 1,
      });
    expect(readdirSync(join(on.dataDir, 'backups')).filter((name) => name.startsWith('.'))).toEqual(
      [],
    );
  });
});

describe('who may, and which names', () => {
  it('is for admins only', async () => {
    const on = await started();
    await caughtUp(on);
    const [daily] = await listSnapshots(on);
    for (const as of ['editor', 'author'] as const) {
      expectError(await on.request(SNAPSHOTS, { as }), 403, 'rest_forbidden');
      expectError(await on.request(SNAPSHOTS, { as, method: 'POST' }), 403, 'rest_forbidden');
      expectError(await restoreSnapshot(on, daily?.name ?? '', as), 403, 'rest_forbidden');
    }
    expectError(await on.request(SNAPSHOTS), 401, 'rest_forbidden');
    expect((await on.request(SNAPSHOTS, { as: 'admin' })).status).toBe(200);
  });

  it.each([
    ['..%2Fmarquee.db', 400, 'rest_invalid_param'],
    ['..%2F..%2Fetc%2Fpasswd', 400, 'rest_invalid_param'],
    ['marquee.db', 400, 'rest_invalid_param'],
    // The URL itself resolves a dot segment: the request never names a file.
    ['%2E%2E', 404, 'rest_no_route'],
    ['marquee-2026-11-20T100000Z-daily.db%00', 400, 'rest_invalid_param'],
    ['marquee-2020-01-01T000000Z-daily.db', 404, 'marquee_snapshot_not_found'],
  ])('answers %s with %i', async (name, status, code) => {
    const on = await started();
    expectError(await restoreSnapshot(on, name), status, code);
  });
});
