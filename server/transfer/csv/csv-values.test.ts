import { describe, expect, it } from 'vitest';
import {
  CellError,
  guardFormula,
  readBoolean,
  readDate,
  readList,
  readTime,
  unguardFormula,
  writeList,
} from './csv-values.ts';

describe('CSV cell values, as TEC’s importer reads them', () => {
  it('reads yes, y, true, 1 and on (any case) as true, their opposites as false, and refuses others', () => {
    expect(['yes', 'TRUE', '1', ' Yes ', 'Y', 'on'].map(readBoolean)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['no', 'false', '0', 'No', 'n', 'OFF'].map(readBoolean)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(readBoolean('  ')).toBeUndefined();
    for (const unknown of ['x', 'maybe', 'ja', '2'])
      expect(() => readBoolean(unknown)).toThrow(/must be yes or no/);
  });

  // Read as the REST API reads dates (ISO, then PHP's strtotime), in the row's zone.
  const berlin = { zone: 'Europe/Berlin', now: new Date('2026-11-27T12:00:00Z') };
  const date = (value: string) => readDate(value, berlin);

  it('reads dates as the REST API does: ISO, US, day first, two-digit years, month names', () => {
    expect(date('2027-03-14')).toEqual({ date: '2027-03-14' });
    expect(date('2027/3/4')).toEqual({ date: '2027-03-04' });
    expect(date('03/14/2027')).toEqual({ date: '2027-03-14' });
    expect(date('14-03-2027')).toEqual({ date: '2027-03-14' });
    expect(date('14.03.2027')).toEqual({ date: '2027-03-14' });
    // TEC's test files: two-digit years (PHP: 00–69 are 20xx) and month names.
    expect(date('11/19/14')).toEqual({ date: '2014-11-19' });
    expect(date('1/2/70')).toEqual({ date: '1970-01-02' });
    expect(date('apr 19, 2016')).toEqual({ date: '2016-04-19' });
    expect(date('19 April 2016')).toEqual({ date: '2016-04-19' });
    expect(date('20270314')).toEqual({ date: '2027-03-14' });
    // What the API reads relative to now, in the row's zone.
    expect(date('tomorrow')).toEqual({ date: '2026-11-28' });
    expect(date('next monday')).toEqual({ date: '2026-11-30' });
    // A time beside the date is kept for a row whose time column is empty.
    expect(date('2027-03-14 19:00')).toEqual({ date: '2027-03-14', time: '19:00:00' });
    expect(date('11/19/2014 7:30 pm')).toEqual({ date: '2014-11-19', time: '19:30:00' });
    // A relative date carries now's time of day, which the cell does not write: a date alone.
    expect(date('-1 week')).toEqual({ date: '2026-11-20' });
  });

  it('refuses a day the text names that is not on the calendar, and what it cannot read', () => {
    for (const impossible of [
      '2027-02-29',
      '02/30/2027',
      '30.02.2027',
      'feb 30, 2027',
      '14/03/2027',
    ])
      expect(() => date(impossible), impossible).toThrow(/is not a date on the calendar/);
    // 14.03.27 is a time of day to PHP (14:03:27): in a date column, no date at all.
    for (const unreadable of ['someday', '10000-01-01', '1.2.3', 'n/a', '14.03.27'])
      expect(() => date(unreadable), unreadable).toThrow(/must be a date like/);
    expect(date('  ')).toBeUndefined();
  });

  it('reads 24-hour and 12-hour times as strtotime does, on the row’s date', () => {
    const time = (value: string) => readTime(value, '2027-03-14', berlin);
    expect(time('19:30')).toBe('19:30:00');
    expect(time('7:30:00')).toBe('07:30:00');
    expect(time('7:30 pm')).toBe('19:30:00');
    expect(time('7pm')).toBe('19:00:00');
    expect(time('12am')).toBe('00:00:00');
    expect(time('12:15 P.M.')).toBe('12:15:00');
    expect(time('23:59:59')).toBe('23:59:59');
    expect(time('noon')).toBe('12:00:00');
    expect(time(' ')).toBeUndefined();
    for (const face of ['24:00', '10:99', '13:00 pm', '7:75 pm', '13 pm'])
      expect(() => time(face), face).toThrow(/is not a time of day/);
    expect(() => time('x')).toThrow(/must be a time like/);
    // A time that moves the date is not a time of day.
    expect(() => time('+1 day')).toThrow(CellError);
    // Refused before strtotime, which takes the square of a run of figures: a cell this long
    // would hold the test past its timeout.
    expect(() => time('9'.repeat(100_000))).toThrow(CellError);
    expect(() => date(`2027-03-14 ${'9'.repeat(100_000)}`)).toThrow(CellError);
  });

  it('reads a date alone and a clock’s time as strtotime does, without it', async () => {
    const { parseDateText, formatDateTime } = await import('#shared/time/datetime.ts');
    const viaStrtotime = (text: string) => {
      const parsed = parseDateText(text, berlin.zone, berlin.now);
      return parsed && formatDateTime(parsed);
    };
    const days: [number, number, number][] = [];
    for (const year of [1970, 1999, 2000, 2014, 2027, 2069])
      for (const [month, day] of [
        [1, 1],
        [2, 28],
        [3, 9],
        [11, 19],
        [12, 31],
      ] as const)
        days.push([year, month, day]);
    for (const [year, month, day] of days) {
      const short = String(year).slice(2);
      const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const shapes = [
        iso,
        `${year}/${month}/${day}`,
        `${month}/${day}/${year}`,
        `${month}/${day}/${short}`,
        `${day}-${month}-${year}`,
        `${day}.${month}.${year}`,
        ...(Number(short) >= 61 ? [`${day}.${month}.${short}`] : []),
        `${['jan', 'feb', 'mar', 'nov', 'dec'][[1, 2, 3, 11, 12].indexOf(month)]} ${day}, ${year}`,
      ];
      for (const shape of shapes) {
        expect(date(shape), shape).toEqual({ date: iso });
        expect(viaStrtotime(shape), shape).toBe(`${iso} 00:00:00`);
      }
    }
    const times: string[] = [];
    for (let hour = 0; hour < 24; hour += 1)
      for (const minute of ['00', '05', '30', '59'])
        times.push(`${hour}:${minute}`, `${String(hour).padStart(2, '0')}:${minute}:15`);
    for (let hour = 1; hour <= 12; hour += 1)
      for (const half of ['am', 'pm', ' PM', ' a.m.'])
        times.push(`${hour}${half}`, `${hour}:45${half}`);
    for (const text of times)
      expect(readTime(text, '2027-03-14', berlin), text).toBe(
        viaStrtotime(`2027-03-14 ${text}`)?.slice(11),
      );
  });

  it('splits lists on commas, without blanks or repeats', () => {
    expect(readList(' Jazz, Live ,,Jazz')).toEqual(['Jazz', 'Live']);
  });

  it('keeps a comma inside double quotes in its item, with "" for a quote', () => {
    expect(readList('Acme Events, "Woodhouse, Chelsea S."')).toEqual([
      'Acme Events',
      'Woodhouse, Chelsea S.',
    ]);
    expect(readList('"Club ""Zero"", Lyon",Jazz')).toEqual(['Club "Zero", Lyon', 'Jazz']);
    expect(readList(' "a,b" , "a,b"')).toEqual(['a,b']);
    // A quote inside an item (not at its start) is the name's own.
    expect(readList('5" Records, Blue')).toEqual(['5" Records', 'Blue']);
  });

  it('refuses an item whose quotes do not close, or with text after them', () => {
    expect(() => readList('Acme, "Woodhouse, Chelsea S.')).toThrow(/quote .* not closed/);
    expect(() => readList('"Woodhouse, Chelsea" S., Acme')).toThrow(/after the closing quote/);
  });

  it('writes a list its reader gives back, quoting items with a comma or a quote', () => {
    const names = ['Acme Events', 'Woodhouse, Chelsea S.', 'Club "Zero"', '"Quoted"', 'Plain'];
    expect(writeList(names)).toBe(
      'Acme Events, "Woodhouse, Chelsea S.", "Club ""Zero""", """Quoted""", Plain',
    );
    expect(readList(writeList(names))).toEqual(names);
  });

  it('guards formula-like cells and takes the guard back on import', () => {
    for (const value of ['=SUM(A1)', '-5', '+1', '@x', 'plain', "'quoted"])
      expect(unguardFormula(guardFormula(value))).toBe(value);
    expect(guardFormula('-5')).toBe("'-5");
    expect(guardFormula('5')).toBe('5');
  });
});
