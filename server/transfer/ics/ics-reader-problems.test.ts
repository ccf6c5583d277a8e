import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../problems.ts';
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
  it('places a problem on the VEVENT it is in and still reads the others', () => {
    const { events, problems } = read(fixture('feed-problems.ics'));
    expect(events.map((event) => event.uid)).toEqual([
      'good-before@stadtbuehne.example',
      'good-after@stadtbuehne.example',
    ]);
    expect(placed(problems)).toEqual([
      '10 VEVENT no-start@stadtbuehne.example: no DTSTART',
      '15 VEVENT unknown-zone@stadtbuehne.example: DTSTART has an unknown time zone "Mars/Olympus_Mons" (no VTIMEZONE)',
      '21 VEVENT end-before-start@stadtbuehne.example: DTEND is before DTSTART',
    ]);
  });

  it('refuses a file cut off in a VEVENT, on the line of that VEVENT', () => {
    const { events, problems } = read(fixture('google-truncated.ics'));
    expect(events).toEqual([]);
    expect(placed(problems)).toEqual([
      '11 file: BEGIN:VEVENT has no END: the file ends on line 15 (cut short?)',
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
      '66 file: BEGIN:VEVENT in the VEVENT of line 51, which has no END',
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
    const rule = read(text.replace('BYDAY=TH', 'BYDAY=XX'));
    expect(rule.events).toEqual([]);
    expect(placed(rule.problems)).toEqual([
      '54 VEVENT 7h6g5f4d3s2a1q0w9e8r7t6y5u@google.com: invalid BYDAY value "XX"',
    ]);
    expect(read(text.replace('X-WR-CALNAME:', 'X-WR-CALNAME\r\n')).problems[0]?.line).toBe(6);
  });

  it('finds an error in the last of many VEVENTs on that VEVENT’s line', () => {
    const count = 2000;
    const lastLine = 5 + (count - 1) * 15;
    const late = read(feed(count, 'DTEND:20240101T100000Z'));
    expect(late.events).toHaveLength(count - 1);
    expect(late.problems).toEqual([
      {
        line: lastLine,
        where: `VEVENT generated-${count - 1}@test.example`,
        message: 'DTEND is before DTSTART',
      },
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

  it('reads a big file', () => {
    const { events, problems } = read(feed(20_000));
    expect(problems).toEqual([]);
    expect(events).toHaveLength(20_000);
  });
});
