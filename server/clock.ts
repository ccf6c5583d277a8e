/** "Now", injected so tests fix the time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  start: Date,
): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    set(date) {
      current = date;
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
