import { describe, expect, it } from 'vitest';
import type { Problem } from '#shared/schemas/transfer.ts';
import { importInvalid, listedProblems, MAX_PROBLEMS, placeOf, ProblemList } from './problems.ts';

const atLine = (line: number): Problem => ({ line, where: `line ${line}`, message: 'bad' });

describe('lists of problems', () => {
  it('gives them in file order, problems of the whole file first', () => {
    const problems = [atLine(9), { where: 'file', message: 'too big' }, atLine(2), atLine(5)];
    expect(listedProblems(problems).map((problem) => problem.line)).toEqual([undefined, 2, 5, 9]);
  });

  it('stops at the first 100, with a note of how many more there are', () => {
    const problems = Array.from({ length: 250 }, (_, index) => atLine(251 - index));
    const listed = listedProblems(problems);
    expect(listed).toHaveLength(MAX_PROBLEMS + 1);
    expect(listed[0]?.line).toBe(2);
    expect(listed[99]?.line).toBe(101);
    expect(listed[100]).toEqual({
      where: 'file',
      message: '150 more problems not listed: a list stops at the first 100',
    });
    expect(listedProblems(problems.slice(0, 101))[100]?.message).toMatch(/^1 more problem not/);
    expect(listedProblems(problems.slice(0, 100))).toHaveLength(100);
  });

  it('refuses an import with the listed problems, their count and the first in its message', () => {
    const problems = [
      atLine(40),
      { line: 287, where: 'VEVENT a@example', message: 'DTSTART is wrong' },
      ...Array.from({ length: 120 }, (_, index) => atLine(300 + index)),
    ];
    const refusal = importInvalid(problems);
    expect(refusal.code).toBe('marquee_import_invalid');
    expect(refusal.message).toBe(
      'The file cannot be imported, nothing was changed: line 40: bad (and 121 more)',
    );
    expect(refusal.data.count).toBe(122);
    expect(refusal.data.problems).toEqual(listedProblems(problems));
  });

  it('keeps the first problems in file order, found in any order, and counts the others', () => {
    const list = new ProblemList(10);
    // Late lines first, then earlier ones: the first 10 in file order are kept all the same.
    for (let line = 1000; line > 0; line -= 1) list.add(atLine(line));
    list.add({ where: 'file', message: 'too big' });
    list.addUnkept(5);
    expect(list.kept.map((problem) => problem.line)).toEqual([
      undefined,
      ...Array.from({ length: 9 }, (_, index) => index + 1),
    ]);
    expect(list.count).toBe(1006);
    expect(list.more).toBe(996);
  });

  it('counts the problems not kept in the note and the refusal', () => {
    const problems = Array.from({ length: 120 }, (_, index) => atLine(index + 1));
    expect(listedProblems(problems, 880)[100]?.message).toBe(
      '900 more problems not listed: a list stops at the first 100',
    );
    expect(listedProblems(problems.slice(0, 3), 2).map((problem) => problem.line)).toEqual([
      1,
      2,
      3,
      undefined,
    ]);
    const refusal = importInvalid(problems, 880);
    expect(refusal.data.count).toBe(1000);
    expect(refusal.message).toMatch(/: line 1: bad \(and 999 more\)$/);
  });

  it('places a problem by its line and what it is in', () => {
    expect(placeOf({ line: 287, where: 'VEVENT a@example', message: '' })).toBe(
      'line 287 (VEVENT a@example)',
    );
    expect(placeOf(atLine(3))).toBe('line 3');
    expect(placeOf({ line: 1, where: 'file', message: '' })).toBe('line 1');
    expect(placeOf({ where: 'events[3].start', message: '' })).toBe('events[3].start');
  });
});
