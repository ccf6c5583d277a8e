/**
 * Values kept per change: bounded by their budget, oldest first, and kept apart by scope,
 * even after many scopes came and went.
 */
import { describe, expect, it } from 'vitest';
import { perChange } from './per-change.ts';

describe('values kept per change', () => {
  it('stay within the budget, the oldest dropped first, the newest always kept', () => {
    const kept = perChange<string>(
      () => 1,
      100,
      (value) => value.length,
    );
    for (let n = 0; n < 50; n += 1) kept.keep(`k${n}`, 'x'.repeat(10));
    const left = Array.from({ length: 50 }, (_, n) => kept.peek(`k${n}`) !== undefined);
    // No more than the budget holds (ten), the newest ones, whatever room is made at once.
    expect(left.filter(Boolean).length).toBeLessThanOrEqual(10);
    expect(left.slice(-9).every(Boolean)).toBe(true);
    expect(left.slice(0, 40).some(Boolean)).toBe(false);
    // A value larger than the budget stays, alone.
    kept.keep('big', 'x'.repeat(150));
    expect(kept.peek('big')).toHaveLength(150);
    expect(kept.peek('k49')).toBeUndefined();
  });

  it('loads only the ids not kept, and keeps each scope’s values apart', () => {
    const kept = perChange<string>(() => 1, 1000);
    const loads: number[][] = [];
    const load = (who: string) => (ids: number[]) => {
      loads.push(ids);
      return new Map(ids.map((id) => [id, `${who}:${id}`]));
    };
    expect([...kept.many([1, 2], load('a'), { scope: 'a' }).values()]).toEqual(['a:1', 'a:2']);
    expect([...kept.many([2, 3], load('a'), { scope: 'a' }).values()]).toEqual(['a:2', 'a:3']);
    expect([...kept.many([2], load('b'), { scope: 'b' }).values()]).toEqual(['b:2']);
    expect(loads).toEqual([[1, 2], [3], [2]]);
  });

  it('never gives one scope’s value to another, however many scopes came before', () => {
    const kept = perChange<string>(() => 1, 100_000);
    const load = (who: string) => (ids: number[]) => new Map(ids.map((id) => [id, who]));
    kept.many([7], load('first'), { scope: 'first' });
    // More scopes than are tagged at once (an anonymous crawl of ever new `_fields`).
    for (let n = 0; n < 12_000; n += 1) kept.many([7], load(`scope ${n}`), { scope: `scope ${n}` });
    expect(kept.many([7], load('later'), { scope: 'later' }).get(7)).toBe('later');
    // Its own value, kept or made again: nobody else's.
    expect(['first', 'first again']).toContain(
      kept.many([7], load('first again'), { scope: 'first' }).get(7),
    );
    expect(kept.many([7], load('never'), { scope: 'scope 11999' }).get(7)).toBe('scope 11999');
  });

  it('drops everything when the version moves on', () => {
    let version = 1;
    const kept = perChange<string>(() => version, 10);
    kept.keep('a', 'one');
    version = 2;
    expect(kept.peek('a')).toBeUndefined();
  });

  it('carries the newest values past a change as they are now, within the budget', () => {
    let version = 1;
    const kept = perChange<string>(
      () => version,
      100,
      (value) => value.length,
      {
        // After a change: 'k1' goes, 'k2' is made again longer, the rest stay as they were.
        carry: () => (key, value) =>
          key === 'k1' ? undefined : key === 'k2' ? value.repeat(2) : value,
        carryAtMost: 4,
      },
    );
    for (let n = 0; n < 6; n += 1) kept.keep(`k${n}`, 'x'.repeat(10));
    version = 2;
    // The newest four are carried (k2 to k5); the two oldest go.
    expect(kept.peek('k0')).toBeUndefined();
    expect(kept.peek('k1')).toBeUndefined();
    expect(kept.peek('k2')).toHaveLength(20);
    expect(kept.peek('k5')).toHaveLength(10);
    // 50 of 100 are spent: five more of 10 fit, a sixth makes room from the oldest.
    for (let n = 6; n < 11; n += 1) kept.keep(`k${n}`, 'x'.repeat(10));
    expect(kept.peek('k2')).toHaveLength(20);
    kept.keep('k11', 'x'.repeat(10));
    expect(kept.peek('k2')).toBeUndefined();
    expect(kept.peek('k11')).toHaveLength(10);
  });

  it('forgets the values of the events a change wrote, in every scope, and keeps the rest', () => {
    for (const scopes of [
      ['a', 'b'],
      ['a', 'b', 'c', 'd', 'e', 'f'],
    ]) {
      let version = 1;
      let forgotten = new Set<number>();
      const kept = perChange<string>(() => version, 1000, undefined, {
        carry: () => ({ forget: forgotten }),
      });
      const load = (who: string) => (ids: number[]) =>
        new Map(ids.map((id) => [id, `${who}:${id}`]));
      const ids = Array.from({ length: 10 }, (_, n) => n + 1);
      for (const scope of scopes) kept.many(ids, load(scope), { scope });
      kept.many(ids, load('none'));
      // Few ids: each scope's key dropped; many: one walk over the keys. Both leave the same.
      forgotten = scopes.length === 2 ? new Set([2]) : new Set(ids);
      version = 2;
      for (const scope of [...scopes, undefined]) {
        const asked: number[] = [];
        kept.many(
          ids,
          (missing) => {
            asked.push(...missing);
            return load('again')(missing);
          },
          scope === undefined ? {} : { scope },
        );
        expect(asked).toEqual([...forgotten]);
      }
    }
  });
});
