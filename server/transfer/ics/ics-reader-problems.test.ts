import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Problem } from '#shared/schemas/transfer.ts';
import { readIcs } from './ics-reader.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ics/${name}`, import.meta.url)).toString('utf8');
const read = (text: string) =>
  readIcs(text, { defaultZone: 'Europe/Berlin', now: new Date('2024-06-01T00:00:00Z') });

/** A feed of `count` VEVENTs (15 lines each after 4 header lines), `last` ending the final one. */
function feed(count: number, last?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Generated//EN',
    'X-WR-TIMEZONE:Europe/Berlin',
  ];
  for (let index = 0; index < count; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:generated-${index}@test.example`,
      'DTSTAMP:20240101T000000Z',
      `DTSTART:202402${day}T180000Z`,
      (index === count - 1 && last) || `DTEND:202402${day}T200000Z`,
      `SUMMARY:Konzert Nr. ${index}`,
      'DESCRIPTION:Ein Abend mit Musik\\, Tanz und Gesprächen.\\nEintritt frei.',
      'LOCATION:Kulturhaus\\, Gartenstraße 12\\, Berlin',
      'CATEGORIES:Musik,Konzert',
      'ORGANIZER;CN=Kulturhaus:mailto:info@kulturhaus.example',
      'TRANSP:OPAQUE',
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

/** Each problem as `line where: message`, to compare placements and check messages at once. */
const placed = (problems: Problem[]) =>
  problems.map(({ line, where, message }) => `${line} ${where}: ${message}`);

describe('readIcs: problems', () => {
  it('places a problem on the VEVENT it is in, on its property’s line, and reads the others', () => {
    const { events, problems, notes } = read(fixture('feed-problems.ics'));
    // A zone nobody can tell is read in the calendar's zone, and said so: not refused.
    // An end before the start is moved to the start (as TEC does), and said so.
    expect(events.map((event) => event.uid)).toEqual([
      'good-before@stadtbuehne.example',
      'unknown-zone@stadtbuehne.example',
      'end-before-start@stadtbuehne.example',
      'good-after@stadtbuehne.example',
    ]);
    expect(placed(problems)).toEqual(['10 VEVENT no-start@stadtbuehne.example: no DTSTART']);
    expect(notes).toContainEqual(
      expect.objectContaining({ line: 24, key: 'endMoved', params: { property: 'DTEND' } }),
    );
    expect(notes).toContainEqual(
      expect.objectContaining({
        line: 17,
        key: 'zoneGuessed',
        params: { tzid: 'Mars/Olympus_Mons', zone: 'Europe/Berlin' },
      }),
    );
  });

  it('refuses a file cut off in a VEVENT, on the line of that VEVENT, with its UID', () => {
    const { events, problems } = read(fixture('google-truncated.ics'));
    expect(events).toEqual([]);
    expect(placed(problems)).toEqual([
      '11 VEVENT second@google.com: BEGIN:VEVENT has no END: the file ends on line 15 (cut short?)',
    ]);
  });

  it('refuses a file without END:VCALENDAR, or that is no calendar', () => {
    const text = fixture('google-export.ics').replace(/END:VCALENDAR\r\n$/, '');
    expect(read(text).events).toEqual([]);
    expect(placed(read(text).problems)).toEqual([
      '1 file: BEGIN:VCALENDAR has no END: the file ends on line 102 (cut short?)',
    ]);
    expect(placed(read('').problems)).toEqual([
      '1 file: not an iCalendar file (no BEGIN:VCALENDAR)',
    ]);
    expect(read('Subject,Start Date\nJazz,2024-01-01\n').problems[0]?.line).toBe(1);
  });

  it('refuses a VEVENT that is never ended before the next begins', () => {
    const text = fixture('google-export.ics').replace(
      'TRANSP:OPAQUE\r\nEND:VEVENT\r\nBEGIN:VEVENT',
      'TRANSP:OPAQUE\r\nBEGIN:VEVENT',
    );
    const { events, problems } = read(text);
    expect(events).toEqual([]);
    expect(placed(problems)).toEqual([
      '51 VEVENT 7h6g5f4d3s2a1q0w9e8r7t6y5u@google.com: BEGIN:VEVENT has no END before the BEGIN:VEVENT of line 66',
    ]);
  });

  it('refuses a line ical.js cannot parse, on that line', () => {
    const text = fixture('google-export.ics');
    const quote = read(
      text.replace(
        'DTSTART;TZID=Europe/Berlin:20240322T200000',
        'DTSTART;TZID="Europe/Berlin:20240322T200000',
      ),
    );
    expect(quote.events).toEqual([]);
    expect(quote.problems.map(({ line, where }) => [line, where])).toEqual([
      [68, 'VEVENT 7h6g5f4d3s2a1q0w9e8r7t6y5u@google.com'],
    ]);
    // A bad rule value is that VEVENT's problem: the others are still read.
    const rule = read(text.replace('BYDAY=TH', 'BYDAY=XX'));
    expect(rule.events.length).toBeGreaterThan(0);
    expect(rule.whole).toBe(true);
    expect(placed(rule.problems)).toEqual([
      '54 VEVENT 7h6g5f4d3s2a1q0w9e8r7t6y5u@google.com: RRULE "FREQ=WEEKLY;WKST=MO;UNTIL=20240328T180000Z;BYDAY=XX" has BYDAY=XX: BYDAY lists weekdays such as MO or 2TU',
    ]);
    // A line that is no content line is skipped, and said so, when the rest is read.
    const skipped = read(text.replace('X-WR-CALNAME:', 'X-WR-CALNAME\r\n'));
    expect(skipped.problems).toEqual([]);
    expect(skipped.notes).toContainEqual(
      expect.objectContaining({ line: 6, key: 'skippedLine', params: { text: 'X-WR-CALNAME' } }),
    );
  });

  it('finds an error in the last of many VEVENTs on its line', () => {
    const count = 2000;
    const lastLine = 5 + (count - 1) * 15;
    const late = read(feed(count, 'DTEND:20240101T100000Z'));
    expect(late.events).toHaveLength(count);
    expect(late.problems).toEqual([]);
    expect(late.notes).toEqual([
      expect.objectContaining({
        line: lastLine + 4,
        where: `VEVENT generated-${count - 1}@test.example`,
        key: 'endMoved',
      }),
    ]);
    const broken = read(feed(count, 'DTEND;TZID="Europe/Berlin:20240101T100000'));
    expect(broken.events).toEqual([]);
    expect(broken.problems.map(({ line, where }) => ({ line, where }))).toEqual([
      {
        line: lastLine + 4,
        where: `VEVENT generated-${count - 1}@test.example`,
      },
    ]);
  });

  it('names a bad DTSTART and the cut-short end together, each with its line and UID', () => {
    // Folded DESCRIPTIONs come before line 287: lines are physical lines, not content lines.
    const text = fixture('google-bad-start-cut.ics');
    expect(text.split('\r\n')[286]).toBe('DTSTART;TZID=Europe/Berlin:20240931T200000');
    const { events, problems } = read(text);
    expect(events).toEqual([]);
    expect(placed(problems)).toEqual([
      '287 VEVENT kh-sept31@google.com: DTSTART "20240931T200000" is not a date on the calendar',
      '372 VEVENT kh-cut@google.com: BEGIN:VEVENT has no END: the file ends on line 379 (cut short?)',
    ]);
  });

  it('names every bad VEVENT of a feed, on the line of the property at fault', () => {
    // Event n begins on line 5 + 15n; its DTSTART is 3 lines on, its DTEND 4.
    const text = feed(40)
      .replace('DTSTART:20240204T180000Z', 'DTSTART:20240230T180000Z')
      .replace('DTEND:20240210T200000Z', 'DURATION:PT2X')
      .replace(
        'DTEND:20240215T200000Z',
        'DTEND:20240215T200000Z\r\nRRULE:FREQ=WEEKLY;COUNT=-1\r\nEXDATE:20240222T180000Z,20240229',
      )
      .replace('DTSTART:20240220T180000Z', 'DTSTART;TZID=Atlantis/Capital:20240220T180000')
      .replace('DTEND:20240225T200000Z', 'DTEND:20240225T100000Z');
    const { events, problems } = read(text);
    expect(placed(problems)).toEqual([
      '53 VEVENT generated-3@test.example: DTSTART "20240230T180000Z" is not a date on the calendar',
      '144 VEVENT generated-9@test.example: DURATION "PT2X" is not a duration like PT1H30M or P1D',
      '220 VEVENT generated-14@test.example: RRULE "FREQ=WEEKLY;COUNT=-1" has COUNT=-1: not a whole number of at least 1',
      '221 VEVENT generated-14@test.example: EXDATE "20240229" is a date where the first value is a date-time: write all as one',
    ]);
    // Bad values break only their VEVENT (the import is refused all the same); an end before
    // the start is moved to it.
    expect(events).toHaveLength(37);
  });

  it('names every line ical.js cannot read in a VEVENT, not only the first', () => {
    const text = feed(3)
      .replace('DTSTART:20240202T180000Z', 'DTSTART:20240202T180000Z\r\nRRULE:FREQ=DAILY;BYDAY=XX')
      .replaceAll('ORGANIZER;CN=Kulturhaus:mailto', 'ORGANIZER;CN="Kulturhaus:mailto');
    expect(placed(read(text).problems)).toEqual([
      '14 VEVENT generated-0@test.example: ORGANIZER: invalid line (no matching double quote) ";CN="Kulturhaus:mailto:info@kulturhaus.example"',
      // A value the scan refuses keeps the VEVENT from ical.js: its other lines are not read.
      '24 VEVENT generated-1@test.example: RRULE "FREQ=DAILY;BYDAY=XX" has BYDAY=XX: BYDAY lists weekdays such as MO or 2TU',
      '45 VEVENT generated-2@test.example: ORGANIZER: invalid line (no matching double quote) ";CN="Kulturhaus:mailto:info@kulturhaus.example"',
    ]);
  });

  it('goes on past BEGIN/END that do not pair up, naming each and the bad values after', () => {
    const lines = feed(4).split('\r\n');
    lines[13] = 'BEGIN:VALARM'; // in VEVENT 0 (line 5), never ended
    lines.splice(35, 0, 'END:VTODO'); // line 36, in VEVENT 2
    lines.splice(51, 0, 'no colon here'); // line 52, in VEVENT 3 (line 51)
    const text = lines
      .join('\r\n')
      .replace('DTSTART:20240204T180000Z', 'DTSTART:2024-02-04')
      .replace(/END:VEVENT\r\nEND:VCALENDAR\r\n$/, '');
    const { events, problems } = read(text);
    expect(events).toEqual([]);
    expect(placed(problems)).toEqual([
      '14 VEVENT generated-0@test.example: BEGIN:VALARM has no END before the END:VEVENT of line 19',
      '36 VEVENT generated-2@test.example: END:VTODO without BEGIN:VTODO',
      '51 VEVENT generated-3@test.example: BEGIN:VEVENT has no END: the file ends on line 65 (cut short?)',
      '52 VEVENT generated-3@test.example: not a content line (NAME:value): no colon here',
      '55 VEVENT generated-3@test.example: DTSTART "2024-02-04" is not a date like 20240612 or a date-time like 20240612T170000 (…Z in UTC)',
    ]);
  });

  it('reads a big file', () => {
    const { events, problems } = read(feed(20_000));
    expect(problems).toEqual([]);
    expect(events).toHaveLength(20_000);
    // About 2 s alone; room for a loaded 2-core machine (a check of work, not of speed).
  }, 30_000);
});
