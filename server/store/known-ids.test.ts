import { describe, expect, it } from 'vitest';
import { existingIds, knownIds } from './known-ids.ts';

describe('existingIds', () => {
  const stored = new Set([1, 2, 3]);
  const lookUps: number[][] = [];
  const lookUp = (ids: readonly number[]) => {
    lookUps.push([...ids]);
    return new Set(ids.filter((id) => stored.has(id)));
  };

  it('asks only about ids it has not found before, and never remembers a missing one', () => {
    const known = knownIds();
    expect([...existingIds('venue', [1, 9], lookUp, known)]).toEqual([1]);
    expect(existingIds('venue', [1, 2, 9], lookUp, known).has(9)).toBe(false);
    expect(existingIds('organizer', [1], lookUp, known).has(1)).toBe(true);
    expect(lookUps).toEqual([[1, 9], [2, 9], [1]]);
  });

  it('looks every id up without a memo', () => {
    lookUps.length = 0;
    existingIds('venue', [1], lookUp, undefined);
    existingIds('venue', [1], lookUp, undefined);
    expect(lookUps).toEqual([[1], [1]]);
  });
});
