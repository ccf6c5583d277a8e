/**
 * `marquee import` and `marquee export` as a user runs them: a CSV imported (preview, then for
 * real, then again changing nothing), a bad file refused with its line, events exported as ICS
 * with a GET /events filter and venues as CSV; beside a running server, a preview works and a
 * real import says how to import through that server.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli } from '../support/cli-process.ts';

let work: string;
let data: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'marquee-files-cli-'));
  data = join(work, 'calendar');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('marquee import / export', () => {
  it('imports a CSV all or nothing, and a second time changes nothing', async () => {
    const file = join(work, 'events.csv');
    writeFileSync(
      file,
      'event_name,event_start_date,event_start_time,event_end_time,event_category,event_venue_name\n' +
        'Jazz night,2027-05-01,20:00,23:00,Jazz,Blue Note\n' +
        'Poetry,2027-05-02,19:00,20:00,Words,Blue Note\n',
    );
    const preview = await runCli(['import', file, '--dry-run', '--data', data]);
    expect(preview.stdout).toMatch(
      /Would import 2 events from CSV: 2 new, 0 updated, 0 unchanged events; new 1 venues/,
    );
    expect(preview.stdout).toContain('\n  new venues: Blue Note\n  new categories: Jazz, Words\n');
    const done = await runCli(['import', file, '--data', data]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/Imported 2 events .* 2 new/);
    const again = await runCli(['import', file, '--data', data]);
    expect(again.stdout).toMatch(/0 new, 0 updated, 2 unchanged/);

    const bad = join(work, 'bad.csv');
    writeFileSync(bad, 'event_name,event_start_date\nFine,2027-06-01\n,2027-06-02\n');
    const refused = await runCli(['import', bad, '--data', data]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/nothing was changed\.\n {2}line 3: event_name is empty/);
  });

  it('exports events as ICS with a filter, and venues as CSV', async () => {
    const ics = join(work, 'jazz.ics');
    const made = await runCli(['export', '-o', ics, '--categories', 'jazz', '--data', data]);
    expect(made.code, made.stderr).toBe(0);
    const text = readFileSync(ics, 'utf8');
    expect(text).toContain('SUMMARY:Jazz night');
    expect(text).not.toContain('Poetry');
    // Venues have no ICS form: without --format they come as CSV.
    const venues = await runCli(['export', '--kind', 'venues', '--data', data]);
    expect(venues.stdout.split('\n')[1]).toMatch(/,en,Blue Note,/);
    const wrong = await runCli(['export', '--format', 'pdf', '--data', data]);
    expect(wrong.code).toBe(2);
  });

  it('previews an import beside a running server, writing nothing, and sends a real one to it', async () => {
    const beside = join(work, 'served');
    const file = join(work, 'served.csv');
    writeFileSync(file, 'event_name,event_start_date\nMarket,2027-06-01\n');
    const server = await serveCli(['--data', beside]);
    try {
      const preview = await runCli(['import', file, '--dry-run', '--data', beside]);
      expect(preview.code).toBe(0);
      expect(preview.stdout).toContain('Would import 1 events from CSV: 1 new');
      const listed = await fetch(
        `${server.url}/wp-json/tribe/events/v1/events?start_date=2027-01-01`,
      );
      expect(((await listed.json()) as { total: number }).total).toBe(0);

      const real = await runCli(['import', file, '--data', beside]);
      expect(real.code).toBe(1);
      expect(real.stderr).toContain('is in use by Marquee');
      expect(real.stderr).toContain('in the editor (Import)');
      expect(real.stderr).toContain(`POST ${server.url}/wp-json/marquee/v1/import?format=`);
    } finally {
      server.process.kill('SIGINT');
      await server.exit;
    }
  });

  it('imports an ICS file without its broken VEVENTs when asked, naming them and what it noted', async () => {
    const file = join(work, 'wild.ics');
    writeFileSync(
      file,
      readFileSync(new URL('../fixtures/ics-wild/broken-rules.ics', import.meta.url)),
    );
    const refused = await runCli(['import', file, '--data', join(work, 'wild')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'line 16 (VEVENT never@example.org): RRULE: its parts never meet',
    );
    const skipped = await runCli(['import', file, '--skip-broken', '--data', join(work, 'wild')]);
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stdout).toContain('Imported 1 events from ICS: 1 new');
    expect(skipped.stdout).toContain('line 23 (VEVENT forever@example.org): skipped: DURATION');
  });

  it('reads a CSV file’s own headers as the columns given with --column, and skips its broken rows when asked', async () => {
    const file = join(work, 'eigene.csv');
    writeFileSync(
      file,
      'Titel,Datum,Beginn,Notiz\n' +
        'Orgelnacht,2027-05-14,20:00,bitte warm anziehen\n' +
        'Kaputt,2027-02-30,20:00,\n',
    );
    const unknown = await runCli(['import', file, '--dry-run', '--data', join(work, 'own')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no column of TEC’s importer');
    const columns = ['--column', 'Titel=event_name', '--column', 'Datum=event_start_date'];
    const mapped = await runCli([
      'import',
      file,
      ...columns,
      '--column',
      'Beginn=event_start_time',
      '--dry-run',
      '--data',
      join(work, 'own'),
    ]);
    expect(mapped.code).toBe(1);
    expect(mapped.stderr).toContain('--skip-broken imports its 1 good records without the 1');
    expect(mapped.stderr).toContain('line 3: event_start_date "2027-02-30" is not a date');
    const done = await runCli([
      'import',
      file,
      ...columns,
      '--column',
      'Beginn=event_start_time',
      '--skip-broken',
      '--data',
      join(work, 'own'),
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Imported 1 events from CSV: 1 new');
    expect(done.stdout).toContain('columns left out: Notiz (--column "HEADER=key"');
    expect(done.stdout).toContain('line 3: skipped: event_start_date "2027-02-30"');
    const wrong = await runCli(['import', file, '--column', 'Titel=event_title', '--dry-run']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--column "Titel=event_title": event_title is not a column');
  });
});
