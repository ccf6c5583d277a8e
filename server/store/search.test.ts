import { describe, expect, it } from 'vitest';
import { matchFragments, searchFragments } from './search.ts';

describe('venue/organizer search fragments', () => {
  it('cuts at anything but letters, digits and dashes, folding case', () => {
    expect(searchFragments('France, Ile de')).toEqual(['france', 'ile', 'de']);
    expect(searchFragments('three@three.com')).toEqual(['three', 'three', 'com']);
    expect(searchFragments('ÉCOLE Ост-23')).toEqual(['école', 'ост-23']);
    expect(searchFragments('!!!')).toEqual([]);
  });

  it('builds "every fragment in one column" per column, OR-ed', () => {
    const { sql, values } = matchFragments(['a', 'b'], ['x', 'y']);
    expect(sql).toBe(
      '(instr(mq_fold(a), ?) > 0 AND instr(mq_fold(a), ?) > 0) OR (instr(mq_fold(b), ?) > 0 AND instr(mq_fold(b), ?) > 0)',
    );
    expect(values).toEqual(['x', 'y', 'x', 'y']);
  });
});
