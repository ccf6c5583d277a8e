import { describe, expect, it } from 'vitest';
import { pacedMap } from './pace.ts';

/** Holds the thread for about `ms`, as parsing a row of the site's answer does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('a pass’s long loops hand the thread back', () => {
  it('lets a request that arrived meanwhile run within a few items, not after the loop', async () => {
    const order: string[] = [];
    let answeredAt = -1;
    let done = 0;
    // A "request" arrives while the loop runs: on the next turn of the event loop.
    setImmediate(() => {
      answeredAt = done;
      order.push('request');
    });
    await pacedMap(
      Array.from({ length: 200 }, (_, index) => index),
      (index) => {
        busy(0.1);
        done = index + 1;
        return index;
      },
    );
    order.push('loop');
    expect(order).toEqual(['request', 'loop']);
    // A millisecond's budget is about ten items of 0.1 ms; the first turn may come a little later.
    expect(answeredAt).toBeGreaterThan(0);
    expect(answeredAt).toBeLessThan(40);
  });

  it('keeps the items’ order', async () => {
    expect(await pacedMap([3, 1, 2], (value) => value * 2)).toEqual([6, 2, 4]);
  });
});
