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

  it('reads overrides without their series as those occurrences, not their rules again', () => {
    const { events, problems } = read(
      calendar(
        ...[
          ['20140714T053000', '20140630T073000'],
          ['20140707T053000', '20140707T083000'],
        ].map(([id, start]) => [
          ...['UID:work', 'SUMMARY:Arbeit', 'RRULE:FREQ=WEEKLY;UNTIL=20160925T053000'],
          ...[`RECURRENCE-ID:${id}`, `DTSTART:${start}`, 'DURATION:PT4H'],
        ]),
      ),
    );
    expect(problems).toEqual([]);
    expect(events.map(({ uid, start, recurrence }) => [uid, start, recurrence])).toEqual([
      ['work/20140714T053000', '2014-06-30 07:30:00', undefined],
      ['work/20140707T053000', '2014-07-07 08:30:00', undefined],
    ]);
  });

  it('keeps RDATEs before DTSTART as events of their own beside the series', () => {
    const { events, problems } = read(
      calendar([
        ...['UID:mumble', 'SUMMARY:Mumble', 'RDATE;TZID=Europe/Berlin:20150831T113000'],
        ...['RRULE:FREQ=WEEKLY;UNTIL=20160215;INTERVAL=2;BYDAY=MO'],
        ...[
          'DTSTART;TZID=Europe/Berlin:20160125T113000',
          'DTEND;TZID=Europe/Berlin:20160125T123000',
        ],
      ]),
    );
    expect(problems).toEqual([]);
    expect(events.map(({ uid, start, end, recurrence }) => [uid, start, end, recurrence])).toEqual([
      [
        'mumble',
        '2016-01-25 11:30:00',
        '2016-01-25 12:30:00',
        { rrule: 'FREQ=WEEKLY;UNTIL=20160215;INTERVAL=2;BYDAY=MO', rdates: [], exdates: [] },
      ],
      ['mumble/20150831113000', '2015-08-31 11:30:00', '2015-08-31 12:30:00', undefined],
    ]);
  });

  it('begins a daily series since 1960 again some years back, keeping its newest 1,000', () => {
    const { events, problems, notes } = read(
      calendar([
        ...['UID:daily', 'SUMMARY:Andacht', 'DTSTART;TZID=Europe/Berlin:19600105T100000'],
        ...['DTEND;TZID=Europe/Berlin:19600105T110000', 'RRULE:FREQ=DAILY'],
        'EXDATE;TZID=Europe/Berlin:19600106T100000',
      ]),
    );
    expect(problems).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      start: '2025-11-20 10:00:00',
      end: '2025-11-20 11:00:00',
      recurrence: { rrule: 'FREQ=DAILY', rdates: [], exdates: [] },
    });
    expect(notes.map(({ key, line, params }) => ({ key, line, params }))).toEqual([
      { key: 'begunLater', line: 3, params: { start: '1960-01-05', from: '2025-11-20' } },
      { key: 'olderOccurrences', line: 3, params: { count: 97, from: '2026-02-25' } },
    ]);
  });

  it('keeps a rule’s phase when it begins a series again later', () => {
    const { events } = read(
      calendar([
        ...['UID:third', 'SUMMARY:Chor', 'DTSTART;TZID=Europe/Berlin:18000101T190000'],
        'RRULE:FREQ=DAILY;INTERVAL=3',
      ]),
    );
    // Whole periods of three days later: the same days of the rule.
    const start = events[0]!.start;
    const days = Math.round(
      (Date.parse(start.slice(0, 10)) - Date.parse('1800-01-01')) / 86_400_000,
    );
    expect(start > '2000').toBe(true);
    expect(start.slice(11)).toBe('19:00:00');
    expect(days % 3).toBe(0);
  });

  it('imports the newest 1,000 occurrences of a rule every four minutes since 2005', () => {
    const { events, problems, notes } = read(
      calendar([
        ...['UID:alarm', 'SUMMARY:Check', 'DTSTART:20050522T125000Z'],
        'RRULE:FREQ=MINUTELY;INTERVAL=4',
      ]),
    );
    expect(problems).toEqual([]);
    expect(events).toHaveLength(1000);
    // Up to the horizon (two years after 2026-11-20 10:00Z), four minutes apart, in phase.
    const last = events.at(-1)!.start;
    expect(last.slice(0, 10)).toBe('2028-11-20');
    const minutes =
      (Date.parse(`${last.replace(' ', 'T')}+01:00`) - Date.parse('2005-05-22T12:50:00Z')) / 60_000;
    expect(minutes % 4).toBe(0);
    expect(notes).toEqual([
      expect.objectContaining({ key: 'occurrencesCut', params: { kept: 1000 } }),
    ]);
  });
});
