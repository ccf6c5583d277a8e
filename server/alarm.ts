/**
 * An alarm for the next moment something is due (scheduled posts, the daily snapshot): one
 * timer, unref'd so waiting never keeps the process alive, capped at setTimeout's longest delay
 * (a later moment re-arms when it fires), and `due()` for the check each request makes, since
 * a machine asleep through the moment (or a fixed clock in tests) fires no timer.
 */
import type { Clock } from './clock.ts';

// setTimeout's longest delay (about 24.8 days).
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * `held`: for work that writes, undefined when it may write now, else a promise that settles
 * when it may again (a file's import writing aside: store/database.ts `writable`). Meanwhile the
 * alarm is not due and fires once that has ended.
 */
export function createAlarm(
  clock: Clock,
  fire: () => void,
  held: () => Promise<void> | undefined = () => undefined,
) {
  let at: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function fireWhenFree(): void {
    const wait = held();
    if (wait) void wait.then(fireWhenFree);
    else fire();
  }

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    if (at === undefined || !running) return;
    const delay = Math.min(Math.max(at - clock.now().getTime(), 0), MAX_DELAY_MS);
    timer = setTimeout(fireWhenFree, delay);
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
      return at !== undefined && at <= clock.now().getTime() && held() === undefined;
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
