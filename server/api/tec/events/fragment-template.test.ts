import { describe, expect, it } from 'vitest';
import {
  countsKey,
  filledParts,
  openCount,
  slotsFrom,
  slotsText,
  termsOf,
  toTemplate,
} from './fragment-template.ts';

const event = (count: (term: number) => number, title = 'Jazz') =>
  JSON.stringify({
    title,
    categories: [
      { name: 'Music', count: count(7), filter: 'raw', id: 7 },
      { name: 'Ünïcode', count: count(1234), filter: 'raw', id: 1234 },
    ],
    tags: [{ name: 'Late', count: count(9), id: 9 }],
  });

describe('an event’s JSON with its terms’ counts left open', () => {
  it('is the JSON with the counts of the moment once they are put in', () => {
    const template = toTemplate(event(openCount));
    expect(termsOf(template)).toEqual([7, 1234, 9]);
    const counts = new Map([
      [7, 12],
      [1234, 0],
      [9, 100_000],
    ]);
    const sent = Buffer.concat(filledParts(template, counts)).toString();
    expect(sent).toBe(event((term) => counts.get(term)!));
    expect(JSON.parse(sent)).toEqual(JSON.parse(event((term) => counts.get(term)!)));
  });

  it('finds a count only where a key is, never in a text that spells one', () => {
    const title = '"count":-1000000000007, and {"count":-1000000000007}';
    const template = toTemplate(event(openCount, title));
    expect(termsOf(template)).toEqual([7, 1234, 9]);
    const sent = Buffer.concat(filledParts(template, new Map([[7, 3]]))).toString();
    expect((JSON.parse(sent) as { title: string }).title).toBe(title);
  });

  it('keeps an event without terms whole, and its slots survive the file', () => {
    const plain = toTemplate(JSON.stringify({ title: 'No terms', count: 3 }));
    expect(plain.slots).toEqual([]);
    expect(filledParts(plain, new Map())).toEqual([plain.json]);
    expect(countsKey(plain, new Map())).toHaveLength(0);
    const template = toTemplate(event(openCount));
    expect(slotsFrom(slotsText(template))).toEqual(template.slots);
    expect(slotsFrom('')).toEqual([]);
  });

  it('says different counts with different keys', () => {
    const template = toTemplate(event(openCount));
    const one = countsKey(template, new Map([[7, 1]]));
    const other = countsKey(template, new Map([[7, 11]]));
    expect(one.equals(other)).toBe(false);
  });
});
