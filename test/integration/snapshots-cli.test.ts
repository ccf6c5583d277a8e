/**
 * `marquee snapshots list|create|restore` as a user runs them: a snapshot made, the calendar
 * changed, the snapshot restored (after a snapshot of the changed calendar); listing works
 * beside a running server, a restore does not and says where to restore instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli } from '../support/cli-process.ts';

let work: string;
let data: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'marquee-snapshots-cli-'));
  data = join(work, 'calendar');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function importCsv(rows: string[]): Promise<void> {
  const file = join(work, 'events.csv');
  writeFileSync(file, ['event_name,event_start_date,event_start_time', ...rows].join('\n'));
  const run = await runCli(['import', file, '--data', data]);
  expect(run.code, run.stderr).toBe(0);
}

async function exportedTitles(): Promise<string[]> {
  const run = await runCli(['export', '--format', 'csv', '--data', data]);
  expect(run.code, run.stderr).toBe(0);
  const [header = '', ...rows] = run.stdout.split('\n').filter(Boolean);
  const column = header.split(',').indexOf('event_name');
  return rows.map((line) => line.split(',')[column] ?? '').sort();
}

describe('marquee snapshots', () => {
  it('lists, makes and restores snapshots', async () => {
    await importCsv(['Jazz night,2027-05-01,20:00', 'Poetry,2027-05-02,19:00']);
    const made = await runCli(['snapshots', 'create', '--data', data]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Snapshot written to .*backups.marquee-\S+-manual\.db: 2 events/);
    const name = /(marquee-\d{4}-\d\d-\d\dT\d{6}Z-manual\.db)/.exec(made.stdout)?.[1] ?? '';

    await importCsv(['Late show,2027-05-03,22:00']);
    expect(await exportedTitles()).toHaveLength(3);

    const listed = await runCli(['snapshots', 'list', '--data', data]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${name.replaceAll('.', '\\.')}\\t\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\tmanual\\t0\\.\\d MB\\t2 events$`,
        'm',
      ),
    );

    const restored = await runCli(['snapshots', 'restore', name, '--data', data]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Restored ${name.replaceAll('.', '\\.')} \\(2 events\\)\\. The calendar as it was before is in marquee-\\S+-before-restore\\.db\\.`,
      ),
    );
    expect(await exportedTitles()).toEqual(['Jazz night', 'Poetry']);
    const after = await runCli(['snapshots', 'list', '--data', data]);
    expect(after.stdout).toMatch(/-before-restore\.db\t.*\tbefore-restore\t.*\t3 events$/m);
  });

  it('restores only with the calendar to itself, and names the way that works meanwhile', async () => {
    const running = await serveCli(['--data', data]);
    try {
      const listed = await runCli(['snapshots', 'list', '--data', data]);
      expect(listed.code, listed.stderr).toBe(0);
      const name = /(marquee-\d{4}-\d\d-\d\dT\d{6}Z-manual\.db)/.exec(listed.stdout)?.[1] ?? '';
      const busy = await runCli(['snapshots', 'restore', name, '--data', data]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('Settings → Snapshots');
      expect(busy.stderr).toContain(
        `POST ${running.url}/wp-json/marquee/v1/snapshots/${name}/restore`,
      );
    } finally {
      running.process.kill('SIGINT');
      await running.exit;
    }
  });

  it('refuses what is not a snapshot’s name, and unknown actions', async () => {
    for (const args of [['restore', '../marquee.db'], ['restore'], ['forget']]) {
      const run = await runCli(['snapshots', ...args, '--data', data]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^marquee: .*\n\nUsage:/);
    }
    const missing = await runCli([
      'snapshots',
      'restore',
      'marquee-2020-01-01T000000Z-daily.db',
      '--data',
      data,
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /There is no snapshot named marquee-2020-01-01T000000Z-daily\.db/,
    );
  });
});
