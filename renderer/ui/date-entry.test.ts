import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages.ts';
import { dateEntry, timeEntry } from './date-entry.ts';

describe('a date typed in a field', () => {
  it('is written in the UI language, not in the US form', () => {
    expect(dateEntry('en').format('2027-04-08')).toBe('04/08/2027');
    expect(dateEntry('ja').format('2027-04-08')).toBe('2027/04/08');
    expect(dateEntry('zh-hans').format('2027-04-08')).toBe('2027/04/08');
    expect(dateEntry('bg').format('2027-04-08')).toMatch(/^08\.04\.2027/);
    expect(dateEntry('de').format('2027-04-08')).toBe('08.04.2027');
    for (const language of ['fr', 'es', 'pt-br']) {
      expect(dateEntry(language).format('2027-04-08')).toBe('08/04/2027');
    }
  });

  it('reads back what it writes, in every UI language, and ISO in any', () => {
    for (const language of LANGUAGES) {
      const entry = dateEntry(language);
      for (const iso of ['2027-04-08', '2028-02-29', '2026-12-31', '2027-01-01']) {
        expect(entry.parse(entry.format(iso))).toBe(iso);
        expect(entry.parse(iso)).toBe(iso);
      }
    }
  });

  it('reads the language’s own order, loose separators and short years', () => {
    expect(dateEntry('en').parse('4/8/2027')).toBe('2027-04-08');
    expect(dateEntry('de').parse('8.4.27')).toBe('2027-04-08');
    expect(dateEntry('bg').parse('8.4.2027 г.')).toBe('2027-04-08');
    expect(dateEntry('ja').parse('2027年4月8日')).toBe('2027-04-08');
    expect(dateEntry('fr').parse('08 04 2027')).toBe('2027-04-08');
  });

  it('refuses what is not one whole real date', () => {
    const en = dateEntry('en');
    for (const text of ['', '4/8', '13/01/2027', '02/30/2027', '4/8/202', 'tomorrow', '1/2/3/4']) {
      expect(en.parse(text)).toBeUndefined();
    }
    expect(en.format('not a date')).toBe('not a date');
  });

  it('shows its pattern with the language’s part names', () => {
    const names = { year: 'ГГГГ', month: 'ММ', day: 'ДД' };
    expect(dateEntry('bg').pattern(names)).toMatch(/^ДД\.ММ\.ГГГГ/);
    expect(dateEntry('ja').pattern({ year: '年', month: '月', day: '日' })).toBe('年/月/日');
  });
});

describe('a time typed in a field', () => {
  it('is written in the UI language on the clock asked for', () => {
    expect(timeEntry('en', true).format('19:30')).toBe('7:30 PM');
    expect(timeEntry('ja', true).format('19:30')).toBe('午後7:30');
    expect(timeEntry('ja', false).format('19:30')).toBe('19:30');
    expect(timeEntry('bg', false).format('07:05')).toMatch(/^7:05/);
    expect(timeEntry('es', true).format('07:05')).toMatch(/^7:05\sa\.\sm\.$/);
  });

  it('reads back what it writes, in every UI language, on both clocks', () => {
    for (const language of LANGUAGES) {
      for (const hour12 of [true, false]) {
        const entry = timeEntry(language, hour12);
        for (const time of ['00:00', '07:05', '12:00', '12:30', '19:30', '23:59']) {
          expect(entry.parse(entry.format(time)), `${language} ${hour12} ${time}`).toBe(time);
          expect(entry.parse(time)).toBe(time);
        }
      }
    }
  });

  it('reads the ways people type a time', () => {
    const en = timeEntry('en', true);
    expect(en.parse('7:30 pm')).toBe('19:30');
    expect(en.parse('7pm')).toBe('19:00');
    expect(en.parse('12 am')).toBe('00:00');
    expect(en.parse('1930')).toBe('19:30');
    expect(timeEntry('de', false).parse('19.30')).toBe('19:30');
    expect(timeEntry('ja', false).parse('午後7時30分')).toBe('19:30');
    expect(timeEntry('zh-hans', true).parse('下午7:30')).toBe('19:30');
    expect(timeEntry('es', true).parse('7:30 p. m.')).toBe('19:30');
  });

  it('refuses what is no time of day', () => {
    const en = timeEntry('en', true);
    for (const text of ['', '24:00', '7:60', '13 pm', '7:3', 'soon', '1:2:3']) {
      expect(en.parse(text)).toBeUndefined();
    }
  });
});
