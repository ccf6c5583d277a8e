import { describe, expect, it } from 'vitest';
import type { Problem } from '#shared/schemas/transfer.ts';
import { readCsv } from './csv-reader.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const read = (text: string, columns?: Record<string, string>) =>
  readCsv(text, { defaultZone: 'Europe/Berlin', now: NOW, columns });
const placed = (problems: Problem[]) => problems.map(({ line, message }) => `${line}: ${message}`);

describe('readCsv: problems', () => {
  it('names every bad row with its line, and every bad cell of a row', () => {
    const { events, problems } = read(
      'event_name,event_start_date,event_start_time,event_end_time,event_all_day,event_timezone,language\n' +
        'Fine,2027-03-01,19:00,21:00,,,\n' + // 2
        'Bad date,2027-02-30,19:00,21:00,,,\n' + // 3
        'Bad time,2027-03-02,7:75 pm,21:00,,,\n' + // 4
        '"Description\nover two lines",2027-03-03,19:00,21:00,perhaps,,\n' + // 5-6
        ',,19:00,21:00,,,\n' + // 7: no name, no start date
        'Everything wrong,03/32/2027,soon,25:00,x,Mars/Base,tlh\n' + // 8
        'Backwards,2027-03-04,21:00,19:00,no,,\n' + // 9
        'Also fine,2027-03-05,,,,,\n', // 10
    );
    expect(events.map((event) => [event.line, event.title])).toEqual([
      [2, 'Fine'],
      [10, 'Also fine'],
    ]);
    expect(placed(problems)).toEqual([
      '3: event_start_date "2027-02-30" is not a date on the calendar',
      '4: event_start_time "7:75 pm" is not a time of day',
      '5: event_all_day "perhaps" must be yes or no (or y/n, true/false, 1/0, on/off)',
      '7: event_name is empty: every event needs a name',
      '7: event_start_date is empty: every event needs a start date',
      '8: language "tlh" is not one of Marquee\'s languages',
      '8: event_start_date "03/32/2027" is not a date on the calendar',
      '8: event_start_time "soon" must be a time like 19:30 or 7:30 pm',
      '8: event_end_time "25:00" is not a time of day',
      '8: event_all_day "x" must be yes or no (or y/n, true/false, 1/0, on/off)',
      '8: event_timezone "Mars/Base" is not a time zone like Europe/Berlin or UTC+2',
      '9: the event ends (2027-03-04 19:00:00) before it starts (2027-03-04 21:00:00)',
    ]);
  });

  it('names each bad venue and organizer row too', () => {
    expect(placed(read('venue_name,venue_city\nHall,Lyon\n,Paris\n,Nice\n').problems)).toEqual([
      '3: venue_name is empty: every venue needs a name',
      '4: venue_name is empty: every venue needs a name',
    ]);
    expect(placed(read('organizer_name,language\nAda,xx\n,\n').problems)).toEqual([
      '2: language "xx" is not one of Marquee\'s languages',
      '3: organizer_name is empty: every organizer needs a name',
    ]);
  });

  it('reads every row of a file wrong everywhere (the answer lists the first 100)', () => {
    const rows = Array.from({ length: 500 }, (_, index) => `Row ${index},someday\n`).join('');
    const { problems } = read(`event_name,event_start_date\n${rows}`);
    expect(problems).toHaveLength(500);
    expect(problems.at(-1)?.line).toBe(501);
  });
});

describe('readCsv: what it says of a file it reads', () => {
  it('lists every header with its column, and reads the columns chosen for unknown ones', () => {
    const text = 'Titel,Datum,Notiz\nOrgan night,2027-05-14,warm\n';
    const unknown = read(text);
    expect(unknown.whole).toBe(false);
    expect(unknown.unknownHeaders).toEqual(['Titel', 'Datum', 'Notiz']);
    const mapped = read(text, { Titel: 'event_name', Datum: 'event_start_date' });
    expect(mapped.problems).toEqual([]);
    expect(mapped.events.map((event) => [event.title, event.start])).toEqual([
      ['Organ night', '2027-05-14 00:00:00'],
    ]);
    expect(mapped.headers).toEqual([
      { header: 'Titel', key: 'event_name', chosen: true },
      { header: 'Datum', key: 'event_start_date', chosen: true },
      { header: 'Notiz', key: null, chosen: false },
    ]);
    expect(mapped.unknownHeaders).toEqual(['Notiz']);
  });

  it('is whole when only rows are wrong, and counts the rows it could not read', () => {
    const rows = read('event_name,event_start_date\nFine,2027-03-01\n,2027-03-02\nBad,soon\n');
    expect([rows.whole, rows.broken, rows.events.length]).toEqual([true, 2, 1]);
    const headers = read('event_name,event_start_date\nFine,2027-03-01\n', { Nope: '' });
    expect([headers.whole, placed(headers.problems)]).toEqual([
      false,
      ['1: columns: the file has no column "Nope"'],
    ]);
  });

  it('leaves out an image given as a WordPress attachment id, and notes it on its line', () => {
    const { events, notes } = read(
      'event_name,event_start_date,featured_image\nA,2027-03-01,84\nB,2027-03-02,https://example.org/b.png\n',
    );
    expect(events.map((event) => event.image)).toEqual([undefined, 'https://example.org/b.png']);
    expect(notes).toMatchObject([{ line: 2, key: 'imageId', params: { id: '84' } }]);
  });

  it('reads manual offsets as zones, as the REST API does', () => {
    const { events, problems } = read(
      'event_name,event_start_date,event_start_time,event_timezone\nA,2027-03-01,10:00,UTC+3:30\n',
    );
    expect(problems).toEqual([]);
    expect(events[0]?.timezone).toBe('UTC+3:30');
  });
});
