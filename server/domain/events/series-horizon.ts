/**
 * The rolling horizon of series: occurrences are stored two years ahead, so as days
 * pass each series gets its next ones. At start-up, then once a day (and on the first request
 * after a missed day, as scheduled publication does), every series is extended to the horizon
 * as it is then; a series with nothing new costs no write.
 */
import { createAlarm } from '../../alarm.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = {
  extend: (now: Date) => number;
  /** Undefined when `extend` may write now (store/change-log.repo.ts `writable`). */
  writable: () => Promise<void> | undefined;
  clock: Clock;
  logger?: Logger | undefined;
};

/** Keeps every series' occurrences written out ahead, while the server runs. */
export type SeriesHorizon = {
  catchUp(): void;
  start(): void;
  stop: () => void;
};

export function createSeriesHorizon({ extend, writable, clock, logger }: Deps): SeriesHorizon {
  const alarm = createAlarm(clock, extendSafely, writable);

  function extendSafely(): void {
    const now = clock.now();
    try {
      extend(now);
    } catch (error) {
      logger?.error('Could not add the next occurrences of series:', error);
    }
    alarm.set(now.getTime() + DAY_MS);
  }

  return {
    catchUp(): void {
      if (alarm.due()) extendSafely();
    },
    start(): void {
      alarm.start();
      extendSafely();
    },
    stop: () => alarm.stop(),
  };
}
