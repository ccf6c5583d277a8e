/**
 * A broken calendar file names every problem it has in one answer, and writes nothing: an ICS
 * file with a bad DTSTART on line 287 that is also cut short gets both problems, each with its
 * line and its VEVENT's UID; a CSV file gets every bad row (what the reader finds and what the
 * services refuse alike), up to 100 and then a note of how many more. The same in the preview
 * (dryRun), in the refusal of the real import, and from `marquee import --dry-run`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, Problem } from '#shared/schemas/transfer.ts';
import { runCli } from '../support/cli-process.ts';
import { createEvent } from '../support/events.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import';
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/ics/${name}`, import.meta.url), 'utf8');

/** The fixture's two problems: a 31 September on line 287, and the last VEVENT cut short. */
const ICS_PROBLEMS: Problem[] = [
  {
    line: 287,
    where: 'VEVENT kh-sept31@google.com',
    message: 'DTSTART "20240931T200000" is not a date on the calendar',
  },
  {
    line: 372,
    where: 'VEVENT kh-cut@google.com',
    message: 'BEGIN:VEVENT has no END: the file ends on line 379 (cut short?)',
  },
];

type Refusal = {
  code: string;
  message: string;
  data: { status: number; problems: Problem[]; count: number };
};

let server: TestServer;

/** Everything the calendar holds, as a client syncing from scratch sees it. */
const calendar = async () => pull(server, '0', { as: 'owner', limit: 1000 });

beforeAll(async () => {
  server = await startTestServer();
  await createEvent(server, {
    title: 'Already there',
    start_date: '2027-01-05 19:00:00',
    end_date: '2027-01-05 21:00:00',
    venue: { venue: 'Kulturhaus Mitte' },
    categories: ['Jazz'],
  });
});
afterAll(() => server.close());

/** The preview's answer and the real import's refusal, checking that neither wrote. */
async function previewAndImport(format: 'ics' | 'csv', text: string) {
  const before = await calendar();
  const preview = await server.request(`${IMPORT}?format=${format}&dryRun=true`, {
    as: 'owner',
    text,
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const refused = await server.request(`${IMPORT}?format=${format}`, { as: 'owner', text });
  expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  expect(await calendar()).toEqual(before);
  return { preview: preview.body as ImportSummary, refusal: refused.body as Refusal };
}

describe('a broken ICS file', () => {
  it('names a bad DTSTART and the cut-short end together, with lines and UIDs', async () => {
    const { preview, refusal } = await previewAndImport('ics', fixture('google-bad-start-cut.ics'));
    expect(preview).toMatchObject({ format: 'ics', dryRun: true, problems: ICS_PROBLEMS });
    expect(refusal).toEqual({
      code: 'marquee_import_invalid',
      message:
        'The file cannot be imported, nothing was changed: line 287 (VEVENT kh-sept31@google.com): ' +
        'DTSTART "20240931T200000" is not a date on the calendar (and 1 more)',
      data: { status: 400, problems: ICS_PROBLEMS, count: 2 },
    });
  });

  it('names every bad VEVENT, on the line of the property at fault', async () => {
    const vevent = (uid: string, ...lines: string[]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      ...lines,
      'SUMMARY:Abend',
      'END:VEVENT',
    ];
    const text = [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Problems//EN'],
      ...vevent('fine', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z'),
      ...vevent('no-rule', 'DTSTART:20270106T180000Z', 'RRULE:FREQ=SOMETIMES'), // RRULE: 13
      ...vevent('mars', 'DTSTART;TZID=Mars/Olympus:20270107T180000'), // DTSTART: 18
      ...vevent('backwards', 'DTSTART:20270108T180000Z', 'DTEND:20270108T100000Z'), // DTEND: 24
      ...vevent('long', 'DTSTART:20270109T180000Z', 'DURATION:1 hour'), // DURATION: 30
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const { preview, refusal } = await previewAndImport('ics', text);
    const placed = preview.problems.map(
      ({ line, where, message }) => `${line} ${where}: ${message}`,
    );
    expect(placed).toEqual([
      '13 VEVENT no-rule: RRULE "FREQ=SOMETIMES" has FREQ=SOMETIMES, not one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY',
      '30 VEVENT long: DURATION "1 hour" is not a duration like PT1H30M or P1D',
    ]);
    expect(refusal.data.problems).toEqual(preview.problems);
    // A zone nobody can tell is not refused: read in the calendar's zone, and said so.
    const guessed = preview.notes.find((note) => note.key === 'zoneGuessed');
    expect(guessed).toMatchObject({ line: 18, params: { tzid: 'Mars/Olympus' } });
    // An end before the start is not refused: moved to the start (as TEC does), and said so.
    const moved = preview.notes.find((note) => note.key === 'endMoved');
    expect(moved).toMatchObject({ line: 24, where: 'VEVENT backwards' });
  });

  it('keeps a URL that is no web address in the description; no title is "(untitled)"', async () => {
    const text = [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Problems//EN'],
      ...['BEGIN:VEVENT', 'UID:fine', 'DTSTART:20270105T180000Z', 'SUMMARY:Abend', 'END:VEVENT'],
      ...['BEGIN:VEVENT', 'UID:untitled', 'DTSTART:20270106T180000Z', 'END:VEVENT'], // 9
      ...['BEGIN:VEVENT', 'UID:blank', 'DTSTART:20270107T180000Z', 'SUMMARY: ', 'END:VEVENT'], // 13
      ...['BEGIN:VEVENT', 'UID:nowhere', 'DTSTART:20270108T180000Z', 'SUMMARY:Abend'], // 18
      ...['URL:not a web address', 'END:VEVENT'],
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const reply = await server.request(`${IMPORT}?format=ics&dryRun=true`, { as: 'owner', text });
    expect(reply.status).toBe(200);
    const preview = reply.body as ImportSummary;
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((row) => row.title)).toEqual([
      'Abend',
      '(untitled)',
      '(untitled)',
      'Abend',
    ]);
    expect(preview.notes).toContainEqual(
      expect.objectContaining({ line: 18, key: 'urlKept', params: { url: 'not a web address' } }),
    );
    expect(preview.notes).toContainEqual(
      expect.objectContaining({ line: 9, key: 'untitled', params: { count: 2 } }),
    );
  });

  it('counts every junk line of a file full of them, listing the first 100', async () => {
    const junk = Array.from({ length: 200_000 }, (_, index) => `junk ${index}`);
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...junk, 'END:VCALENDAR', ''].join('\r\n');
    const { preview, refusal } = await previewAndImport('ics', text);
    expect(preview.problems).toHaveLength(101);
    expect(preview.problems[0]).toEqual({
      line: 3,
      where: 'file',
      message: 'not a content line (NAME:value): junk 0',
    });
    expect(preview.problems[100]).toEqual({
      where: 'file',
      message: '199900 more problems not listed: a list stops at the first 100',
    });
    expect(refusal.data.count).toBe(200_000);
    expect(refusal.data.problems).toEqual(preview.problems);
    expect(refusal.message).toMatch(/: line 3: not a content line .* \(and 199999 more\)$/);
  }, 30_000);
});

describe('a broken CSV file', () => {
  it('names every bad row with its line, what the reader finds and the services refuse', async () => {
    const text =
      'event_name,event_start_date,event_start_time,feature_event,event_website\n' +
      'Fine,2027-03-01,19:00,yes,\n' + // 2
      'Bad date,2027-02-30,19:00,,\n' + // 3
      'Bad time,2027-03-02,25:00,,\n' + // 4
      '"Two lines,\nin one cell",2027-03-03,19:00,maybe,\n' + // 5 (and 6)
      ',2027-03-04,19:00,,\n' + // 7
      'Bad website,2027-03-05,19:00,,not a web address\n'; // 8
    const { preview, refusal } = await previewAndImport('csv', text);
    expect(
      preview.problems.map(({ line, where, message }) => `${line} ${where}: ${message}`),
    ).toEqual([
      '3 line 3: event_start_date "2027-02-30" is not a date on the calendar',
      '4 line 4: event_start_time "25:00" is not a time of day',
      '5 line 5: feature_event "maybe" must be yes or no (or y/n, true/false, 1/0, on/off)',
      '7 line 7: event_name is empty: every event needs a name',
      // Found by the services, which a file with problems is still run through (rolled back).
      '8 line 8: website must be an http(s) URL or empty',
    ]);
    expect(refusal.data).toEqual({ status: 400, problems: preview.problems, count: 5 });
  });

  it('lists the first 100 problems, then how many more there are', async () => {
    const rows = Array.from({ length: 130 }, (_, index) => `Row ${index},2027-13-01\n`);
    const { preview, refusal } = await previewAndImport(
      'csv',
      `event_name,event_start_date\nFine,2027-03-01\n${rows.join('')}`,
    );
    expect(preview.problems).toHaveLength(101);
    expect(preview.problems.slice(0, 100).map((problem) => problem.line)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 3),
    );
    expect(preview.problems[100]).toEqual({
      where: 'file',
      message: '30 more problems not listed: a list stops at the first 100',
    });
    expect(refusal.data.count).toBe(130);
    expect(refusal.data.problems).toEqual(preview.problems);
    expect(refusal.message).toMatch(/: line 3: event_start_date "2027-13-01" .* \(and 129 more\)$/);
  });
});

describe('marquee import --dry-run', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'marquee-file-problems-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('prints every problem with its line and UID, and writes nothing', async () => {
    const file = join(work, 'broken.ics');
    writeFileSync(file, fixture('google-bad-start-cut.ics'));
    const data = join(work, 'calendar');
    const run = await runCli(['import', file, '--dry-run', '--data', data]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'nothing was changed.\n' +
        '  line 287 (VEVENT kh-sept31@google.com): DTSTART "20240931T200000" is not a date on the calendar\n' +
        '  line 372 (VEVENT kh-cut@google.com): BEGIN:VEVENT has no END: the file ends on line 379 (cut short?)',
    );
    const exported = await runCli(['export', '--format', 'csv', '--data', data]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(1); // the header only
  });
});
