/**
 * An alarm for the next moment something is due (scheduled posts, the daily snapshot): one
 * timer, unref'd so waiting never keeps the process alive, capped at setTimeout's longest delay
 * (a later moment re-arms when it fires), and `due()` for the check each request makes, since
 * a machine asleep through the moment (or a fixed clock in tests) fires no timer.
 */
import type { Clock } from './clock.ts';

// setTimeout's longest delay (about 24.8 days).
const MAX_DELAY_MS = 2 ** 31 - 1;

export function createAlarm(clock: Clock, fire: () => void) {
  let at: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    if (at === undefined || !running) return;
    const delay = Math.min(Math.max(at - clock.now().getTime(), 0), MAX_DELAY_MS);
    timer = setTimeout(fire, delay);
    timer.unref();
  }

  return {
    /** Sets the moment (epoch ms; undefined: nothing is due), and the timer while running. */
    set(moment: number | undefined): void {
      at = moment;
      arm();
    },
    /** Whether the moment has come: a comparison, no query. */
    due(): boolean {
      return at !== undefined && at <= clock.now().getTime();
    },
    start(): void {
      running = true;
      arm();
    },
    stop(): void {
      running = false;
      arm();
    },
  };
}
