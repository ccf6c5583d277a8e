/**
 * What a spreadsheet would run as a formula (=, +, -, @ at a cell's start) leaves `marquee
 * export` guarded by a leading ' unless the user says --no-spreadsheet-safe; the API guards it
 * when asked (spreadsheet_safe=true), and its default is the raw value (docs/decisions.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TITLE = '=HYPERLINK(A1)';
const VENUE = '@SUM(A1:A9)';
const COST = '+1+1';
const ORGANIZER = '-2+3';
const FILE =
  'event_name,event_start_date,event_start_time,event_cost,event_venue_name,event_organizer_name\n' +
  `${TITLE},2027-05-01,20:00,${COST},${VENUE},${ORGANIZER}\n`;

let work: string;
let data: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'marquee-formulas-'));
  data = join(work, 'calendar');
  writeFileSync(join(work, 'events.csv'), FILE);
  const run = await runCli(['import', join(work, 'events.csv'), '--data', data]);
  expect(run.code, run.stderr).toBe(0);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The exported cells (no cell here holds a comma or a quote). */
function cellsOf(text: string): string[] {
  return (
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[1]
      ?.split(',') ?? []
  );
}

describe('marquee export', () => {
  it('guards formulas by default', async () => {
    const run = await runCli(['export', '--format', 'csv', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    const cells = cellsOf(run.stdout);
    for (const value of [TITLE, VENUE, COST, ORGANIZER]) {
      expect(cells).toContain(`'${value}`);
      expect(cells).not.toContain(value);
    }
    expect(run.stdout.startsWith('\uFEFF')).toBe(true);
  });

  it('writes the raw values with --no-spreadsheet-safe', async () => {
    const run = await runCli([
      'export',
      '--format',
      'csv',
      '--no-spreadsheet-safe',
      '--data',
      data,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const cells = cellsOf(run.stdout);
    for (const value of [TITLE, VENUE, COST, ORGANIZER]) expect(cells).toContain(value);
  });
});

describe('GET marquee/v1/export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const made = await server.request('/wp-json/marquee/v1/import?format=csv', {
      as: 'owner',
      text: FILE,
    });
    expect(made.status).toBe(201);
  });
  afterAll(() => server.close());

  it('guards formulas with spreadsheet_safe=true, and answers raw values by default', async () => {
    const path = '/wp-json/marquee/v1/export?format=csv&status=publish,draft';
    const safe = await server.request(`${path}&spreadsheet_safe=true`, { as: 'owner' });
    expect(cellsOf(String(safe.body))).toContain(`'${TITLE}`);
    const raw = await server.request(path, { as: 'owner' });
    expect(cellsOf(String(raw.body))).toContain(TITLE);
  });
});
