import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './body-parsers.ts';

const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = level % 2 ? { a: value } : [value];
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, the outermost one as level 1', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: 'x', c: [1, 2, { d: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: 'x', c: [1, 2, { d: [] }] }, 3)).toBe(true);
  });

  it('walks 100,000 levels without recursion, and skips scalars and raw bodies', () => {
    expect(nestsDeeperThan(nested(100_000), 64)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(undefined, 0)).toBe(false);
    expect(nestsDeeperThan(Buffer.alloc(10), 0)).toBe(false);
  });
});
