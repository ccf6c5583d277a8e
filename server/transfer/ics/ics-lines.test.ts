import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, keptLines, propertyName } from './ics-lines.ts';
import { event, input, parse, write } from '../../../test/support/ics-fixtures.ts';

const octets = (line: string) => Buffer.byteLength(line);
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('foldLine', () => {
  it.each([
    ['ASCII', 'x'.repeat(400)],
    ['two-byte', 'ä'.repeat(200)],
    ['three-byte', '漢'.repeat(120)],
    ['emoji', '🎉'.repeat(90)],
    ['mixed', `SUMMARY:${'aé漢🎉'.repeat(40)}`],
  ])('folds %s text into lines of at most 75 octets, whole characters only', (_kind, line) => {
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toMatch(/[\ud800-\udbff]$|^ ?[\udc00-\udfff]/);
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(octets(lines[0]!)).toBeGreaterThan(71);
    expect(unfold(folded)).toBe(line);
  });

  it('leaves a line of exactly 75 octets alone', () => {
    expect(foldLine('y'.repeat(75))).toBe('y'.repeat(75));
    expect(foldLine('y'.repeat(76))).toBe(`${'y'.repeat(75)}\r\n y`);
  });
});

describe('written files', () => {
  it('use CRLF only, no line over 75 octets, and unfold to the texts', () => {
    const title = `Sommerfest – Grüße aus Köln 🎉 ${'Straßenmusik, Tanz; Essen '.repeat(6)}`;
    const text = write([input({ event: event({ title: { en: title } }) })]);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const vevent = parse(text).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe(title.trim());
    expect(ICAL.parse(unfold(text))).toEqual(ICAL.parse(text));
  });
});

describe('kept lines', () => {
  it('reads property names and keeps only whole content lines', () => {
    expect(propertyName('X-FOO;BAR=1:value')).toBe('x-foo');
    expect(propertyName('GEO:1.2;3.4')).toBe('geo');
    expect(propertyName('no colon')).toBeUndefined();
    expect(propertyName('X-A:1\r\nX-B:2')).toBeUndefined();
    const lines = ['X-A:1', 'END:VEVENT', 'SUMMARY:again', ':empty', 'X-B;P=1:2'];
    expect(keptLines(lines, new Set(['summary']))).toEqual(['X-A:1', 'X-B;P=1:2']);
  });
});
