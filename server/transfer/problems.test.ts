import { describe, expect, it } from 'vitest';
import { importInvalid, listedProblems, MAX_PROBLEMS, placeOf, type Problem } from './problems.ts';

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

  it('places a problem by its line and what it is in', () => {
    expect(placeOf({ line: 287, where: 'VEVENT a@example', message: '' })).toBe(
      'line 287 (VEVENT a@example)',
    );
    expect(placeOf(atLine(3))).toBe('line 3');
    expect(placeOf({ line: 1, where: 'file', message: '' })).toBe('line 1');
    expect(placeOf({ where: 'events[3].start', message: '' })).toBe('events[3].start');
  });
});
