/**
 * A file that is wrong everywhere is read in bounded memory: its first problems are kept in
 * file order and the others counted, and the lines left out keep no text each.
 */
import { describe, expect, it } from 'vitest';
import { KEPT_PROBLEMS } from '../problems.ts';
import { isKeptAsWritten } from './ics-read-fields.ts';
import { scanIcs } from './ics-read-scan.ts';
import { readIcs } from './ics-reader.ts';

const JUNK_LINES = 200_000;
const read = (text: string) =>
  readIcs(text, { defaultZone: 'Europe/Berlin', now: new Date('2024-06-01T00:00:00Z') });

/** A calendar of 3 header lines, then `count` junk lines (line 4 on), then `after`. */
const junkCalendar = (count: number, after: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Junk//EN',
    ...Array.from({ length: count }, (_, index) => `junk ${index}`),
    ...after,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('readIcs: a file of junk lines', () => {
  it('keeps the first problems in file order and counts the others', () => {
    const started = performance.now();
    const { events, problems, moreProblems } = read(junkCalendar(JUNK_LINES));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(events).toEqual([]);
    expect(problems).toHaveLength(KEPT_PROBLEMS);
    expect(problems.length + moreProblems).toBe(JUNK_LINES);
    expect(problems[0]).toEqual({
      line: 4,
      where: 'file',
      message: 'not a content line (NAME:value): junk 0',
    });
    expect(problems.map((problem) => problem.line)).toEqual(
      Array.from({ length: KEPT_PROBLEMS }, (_, index) => index + 4),
    );
  }, 20_000);

  it('keeps the first problems of a VEVENT full of junk, and counts those after it', () => {
    const text = junkCalendar(0, [
      'BEGIN:VEVENT',
      'UID:junk@test.example',
      ...Array.from({ length: JUNK_LINES }, (_, index) => `junk ${index}`),
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:late@test.example',
      'DTSTART:2024-02-04',
      'END:VEVENT',
    ]);
    const { problems, moreProblems } = read(text);
    expect(problems).toHaveLength(KEPT_PROBLEMS);
    // The junk lines, the VEVENT of them without DTSTART, and the late one's DTSTART.
    expect(problems.length + moreProblems).toBe(JUNK_LINES + 2);
    expect(problems[0]).toMatchObject({ line: 4, message: 'no DTSTART' });
    expect(problems[1]).toMatchObject({ line: 6, where: 'VEVENT junk@test.example' });
    expect(problems.at(-1)?.line).toBe(KEPT_PROBLEMS + 4);
  }, 20_000);

  it('keeps no text for the junk lines it leaves out', () => {
    const scanned = scanIcs(junkCalendar(JUNK_LINES, ['X-KEPT:yes']), isKeptAsWritten);
    expect(scanned.skipped.count).toBe(JUNK_LINES);
    // Not the line breaks around each junk line: 400,000 characters of them.
    expect(scanned.calendars).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Junk//EN\r\n\r\nX-KEPT:yes\r\nEND:VCALENDAR\r\n',
    );
  }, 20_000);
});

describe('readIcs: bounds of work, not of time', () => {
  it('stops reading a file past its most events, naming the VEVENT it stopped at', () => {
    const hourly = (uid: string) => [
      ...['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART:20270101T000000Z'],
      ...['RRULE:FREQ=HOURLY;COUNT=30', 'END:VEVENT'],
    ];
    const text = junkCalendar(0, [...hourly('a'), ...hourly('b'), ...hourly('c')]);
    const options = { defaultZone: 'Europe/Berlin', now: new Date('2026-11-20T10:00:00Z') };
    expect(readIcs(text, { ...options, maxEvents: 100 }).events).toHaveLength(90);
    const cut = readIcs(text, { ...options, maxEvents: 50 });
    expect(cut.events).toEqual([]);
    expect(cut.whole).toBe(false);
    expect(cut.problems).toEqual([
      {
        line: 14,
        where: 'file',
        message:
          'the file makes more than 50 events (with the occurrences of its rules): one import takes at most 50: split it',
      },
    ]);
  });
});
