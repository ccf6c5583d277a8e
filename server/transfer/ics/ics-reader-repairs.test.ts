/**
 * Files from the wild that say plainly what they mean, though not as RFC 5545 wants: read as
 * meant, each repair a note on its line; lines and components that are no part of any event
 * skipped with a note. Nothing here refuses the file.
 */
import { describe, expect, it } from 'vitest';
import { readIcs } from './ics-reader.ts';

const read = (lines: string[]) =>
  readIcs(lines.join('\r\n'), {
    defaultZone: 'Europe/Berlin',
    now: new Date('2026-11-20T10:00:00Z'),
  });

/** A calendar of one VEVENT (UID x, lines from 4 on) and what comes `after` it. */
const calendar = (vevent: string[], after: string[] = []) => [
  ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'SUMMARY:Konzert'],
  ...vevent,
  ...['END:VEVENT', 'END:VCALENDAR'],
  ...after,
  '',
];

const notesOf = (contents: ReturnType<typeof read>) =>
  contents.notes.map(({ key, line, params }) => ({ key, line, params }));

describe('readIcs: lines read as they are meant', () => {
  it('adds an override at a time its rule does not give as one more occurrence', () => {
    const contents = read([
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'SUMMARY:Chor'],
      ...['DTSTART:20270105T180000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'END:VEVENT'],
      ...['BEGIN:VEVENT', 'UID:x', 'RECURRENCE-ID:20270106T180000Z'],
      ...['DTSTART:20270106T190000Z', 'SUMMARY:Chor (Mittwoch)', 'END:VEVENT', 'END:VCALENDAR'],
    ]);
    expect(contents.problems).toEqual([]);
    expect(contents.events[0]?.recurrence?.rdates).toEqual(['2027-01-06 19:00:00']);
    expect(contents.events[1]).toMatchObject({ title: 'Chor (Mittwoch)', line: 9 });
    expect(notesOf(contents)).toEqual([
      { key: 'extraOccurrence', line: 9, params: { slot: '2027-01-06 19:00:00' } },
    ]);
  });

  it('reads dates under VALUE=DATE-TIME and date-times under VALUE=DATE as written', () => {
    const dates = read(
      calendar(['DTSTART;VALUE=DATE-TIME:20270105', 'DTEND;VALUE=DATE-TIME:20270106']),
    );
    expect(dates.problems).toEqual([]);
    expect(dates.events[0]).toMatchObject({ allDay: true, start: '2027-01-05 00:00:00' });
    expect(notesOf(dates).map(({ key, line }) => [key, line])).toEqual([
      ['valueType', 6],
      ['valueType', 7],
    ]);
    const times = read(
      calendar(['DTSTART;VALUE=DATE:20270105T100000', 'DTEND;VALUE=DATE:20270105T120000']),
    );
    expect(times.problems).toEqual([]);
    expect(times.events[0]).toMatchObject({ allDay: false, start: '2027-01-05 10:00:00' });
    expect(notesOf(times)[0]).toEqual({
      key: 'valueType',
      line: 6,
      params: { property: 'DTSTART', said: 'DATE', written: 'DATE-TIME' },
    });
  });

  it('reads an RRULE with stray blanks in BYDAY without them', () => {
    const contents = read(
      calendar(['DTSTART:20270104T180000Z', 'RRULE:FREQ=MONTHLY;BYDAY=1MO ,3MO ;COUNT=4']),
    );
    expect(contents.problems).toEqual([]);
    expect(contents.events[0]?.recurrence?.rrule).toBe('FREQ=MONTHLY;BYDAY=1MO,3MO;COUNT=4');
    expect(notesOf(contents)).toEqual([
      { key: 'ruleSpaces', line: 7, params: { property: 'RRULE' } },
    ]);
  });

  it('reads durations like PT1H0M0S and P0D', () => {
    for (const [duration, end] of [
      ['PT1H0M0S', '2027-01-05 11:00:00'],
      ['P0D', '2027-01-05 10:00:00'],
    ]) {
      const contents = read(calendar(['DTSTART:20270105T090000Z', `DURATION:${duration}`]));
      expect(contents.problems).toEqual([]);
      expect(contents.events[0]?.end).toBe(end);
    }
  });

  it('ends an event that ends before it starts at its start, saying so on DTEND’s line', () => {
    const contents = read(calendar(['DTSTART:20270105T180000Z', 'DTEND:20270105T170000Z']));
    expect(contents.problems).toEqual([]);
    expect(contents.events[0]).toMatchObject({
      start: '2027-01-05 19:00:00',
      end: '2027-01-05 19:00:00',
    });
    expect(notesOf(contents)).toEqual([
      { key: 'endMoved', line: 7, params: { property: 'DTEND' } },
    ]);
  });

  it('keeps a URL that is no web page’s in the description, not as the website', () => {
    const contents = read(
      calendar([
        'DTSTART:20270105T180000Z',
        'DESCRIPTION:Bring a chair',
        'URL:ftp://example.org/plan.pdf',
      ]),
    );
    expect(contents.events[0]?.website).toBeUndefined();
    expect(contents.events[0]?.description).toBe('Bring a chair\n\nftp://example.org/plan.pdf');
    expect(notesOf(contents)).toEqual([
      { key: 'urlKept', line: 3, params: { url: 'ftp://example.org/plan.pdf' } },
    ]);
    const web = read(calendar(['DTSTART:20270105T180000Z', 'URL:https://example.org/']));
    expect(web.events[0]?.website).toBe('https://example.org/');
  });

  it('keeps a title longer than 500 characters whole', () => {
    const title = 'Sommerfest '.repeat(60).trim();
    const contents = read([
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', `SUMMARY:${title}`],
      ...['DTSTART:20270105T180000Z', 'END:VEVENT', 'END:VCALENDAR'],
    ]);
    expect(contents.problems).toEqual([]);
    expect(contents.events[0]?.title).toBe(title);
  });
});

describe('readIcs: what is no part of any event, skipped', () => {
  it('skips a quoted-printable tail and X-APPLE-RADIUS=… inside a VEVENT, naming their lines', () => {
    const contents = read(
      calendar([
        'DTSTART:20270105T180000Z',
        'DESCRIPTION;ENCODING=QUOTED-PRINTABLE:Eintritt frei=',
        'und Getr=C3=A4nke',
        'X-APPLE-RADIUS=49.91',
        'LOCATION:Stadthalle',
      ]),
    );
    expect(contents.problems).toEqual([]);
    expect(contents.events).toHaveLength(1);
    expect(contents.events[0]?.venue?.name).toBe('Stadthalle');
    expect(notesOf(contents)).toEqual([
      { key: 'skippedLine', line: 8, params: { text: 'und Getr=C3=A4nke' } },
      { key: 'skippedLine', line: 9, params: { text: 'X-APPLE-RADIUS=49.91' } },
    ]);
  });

  it('skips VALARM, VTIMEZONE and VAVAILABILITY outside the VCALENDAR', () => {
    const contents = read([
      ...['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT5M', 'END:VALARM'],
      ...calendar(['DTSTART:20270105T180000Z']).slice(0, -1),
      ...['BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'END:VTIMEZONE'],
      ...['BEGIN:VAVAILABILITY', 'UID:a', 'BEGIN:AVAILABLE', 'END:AVAILABLE', 'END:VAVAILABILITY'],
      '',
    ]);
    expect(contents.problems).toEqual([]);
    expect(contents.events).toHaveLength(1);
    expect(notesOf(contents)).toEqual([
      { key: 'skippedComponent', line: 1, params: { name: 'VALARM' } },
      { key: 'skippedComponent', line: 13, params: { name: 'VTIMEZONE' } },
      { key: 'skippedComponent', line: 16, params: { name: 'VAVAILABILITY' } },
    ]);
  });

  it('still refuses a calendar where nothing can be read, naming the lines it skipped', () => {
    const contents = read(['BEGIN:VCALENDAR', 'VERSION:2.0', 'junk', 'END:VCALENDAR', '']);
    expect(contents.events).toEqual([]);
    expect(contents.problems.map(({ line, message }) => `${line} ${message}`)).toEqual([
      '3 not a content line (NAME:value): junk',
    ]);
  });
});
