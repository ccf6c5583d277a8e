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

  it('reads ISO, US (slashes) and day-first (hyphens) dates, and refuses impossible ones', () => {
    expect(readDate('2027-03-14')).toBe('2027-03-14');
    expect(readDate('2027/3/4')).toBe('2027-03-04');
    expect(readDate('03/14/2027')).toBe('2027-03-14');
    expect(readDate('14-03-2027')).toBe('2027-03-14');
    expect(readDate('2027-03-14 19:00')).toBe('2027-03-14');
    expect(() => readDate('2027-02-29')).toThrow(CellError);
    expect(() => readDate('14/03/2027')).toThrow(CellError);
    expect(() => readDate('next friday')).toThrow(/must be a date/);
  });

  it('reads 24-hour and 12-hour times', () => {
    expect(readTime('19:30')).toBe('19:30:00');
    expect(readTime('7:30 pm')).toBe('19:30:00');
    expect(readTime('12am')).toBe('00:00:00');
    expect(readTime('12:15 P.M.')).toBe('12:15:00');
    expect(readTime('23:59:59')).toBe('23:59:59');
    expect(() => readTime('24:00')).toThrow(CellError);
    expect(() => readTime('13 pm')).toThrow(CellError);
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
