/** Quirks of files from the wild that the reader takes, saying so in its notes. */
import { describe, expect, it } from 'vitest';
import { readIcs } from './ics-reader.ts';

const read = (lines: string[]) =>
  readIcs(lines.join('\r\n'), {
    defaultZone: 'Europe/Berlin',
    now: new Date('2026-11-20T10:00:00Z'),
  });

const calendar = (...vevents: string[][]) => [
  ...['BEGIN:VCALENDAR', 'VERSION:2.0'],
  ...vevents.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
  'END:VCALENDAR',
  '',
];

describe('readIcs: files from the wild', () => {
  it('reads bare VEVENTs without a VCALENDAR, leaving to-dos and journal entries out', () => {
    const { events, problems, notes } = read([
      ...['BEGIN:VEVENT', 'UID:a', 'DTSTART:20270201T180000Z', 'SUMMARY:A', 'END:VEVENT'],
      ...['BEGIN:VTODO', 'UID:t', 'SUMMARY:To do', 'END:VTODO'],
      ...['BEGIN:VJOURNAL', 'UID:j', 'SUMMARY:Note', 'END:VJOURNAL'],
      ...['BEGIN:VEVENT', 'UID:b', 'DTSTART;VALUE=DATE:20270202', 'SUMMARY:B', 'END:VEVENT'],
      '',
    ]);
    expect(problems).toEqual([]);
    expect(events.map((event) => [event.line, event.uid])).toEqual([
      [1, 'a'],
      [14, 'b'],
    ]);
    expect(notes).toEqual([
      expect.objectContaining({
        key: 'ignoredComponents',
        params: { vtodo: 1, vjournal: 1, vfreebusy: 0 },
      }),
    ]);
  });

  it('still names a bare file cut short on its line', () => {
    const { events, problems } = read(['BEGIN:VEVENT', 'UID:a', 'DTSTART:20270201T180000Z', '']);
    expect(events).toEqual([]);
    expect(problems.map(({ line, message }) => `${line} ${message}`)).toEqual([
      '1 BEGIN:VEVENT has no END: the file ends on line 3 (cut short?)',
    ]);
  });

  it('reads Google’s RDATE:20131210Z as that date', () => {
    const { events, problems } = read(
      calendar([
        ...['UID:market', 'DTSTART;VALUE=DATE:20261203', 'RRULE:FREQ=WEEKLY;COUNT=2'],
        ...['RDATE:20261229Z', 'SUMMARY:Markt'],
      ]),
    );
    expect(problems).toEqual([]);
    expect(events[0]?.recurrence?.rdates).toEqual(['2026-12-29 00:00:00']);
  });

  it('gives an event without SUMMARY no title, marked, and counts them in a note', () => {
    const { events, notes } = read(
      calendar(
        ['UID:a', 'DTSTART:20270201T180000Z'],
        ['UID:b', 'DTSTART:20270202T180000Z', 'SUMMARY: '],
      ),
    );
    expect(events.map((event) => event.untitled)).toEqual([true, true]);
    expect(notes).toEqual([
      expect.objectContaining({ key: 'untitled', line: 3, params: { count: 2 } }),
    ]);
  });

  it('names a VEVENT without UID by its SUMMARY in its problems', () => {
    const { problems } = read(calendar(['DTSTART:20270230T180000Z', 'SUMMARY:Konzert\\, groß']));
    expect(problems).toEqual([
      expect.objectContaining({ line: 4, where: 'VEVENT "Konzert, groß"' }),
    ]);
  });
});
