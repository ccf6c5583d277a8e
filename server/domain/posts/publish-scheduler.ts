/**
 * Scheduled publication (WordPress's publish_future_post cron): `future` posts become `publish`
 * when their date comes, as an ordinary write (a new revision), so the response cache, sync
 * pulls and the change stream follow. An alarm (server/alarm.ts) waits for the next due post
 * and is re-armed after every write; start() catches up on posts that came due while the
 * server was stopped; and catchUp() lets each request publish what is due first, so no answer
 * is late even when the timer is.
 */
import { toUtcString } from '#shared/time/datetime.ts';
import { createAlarm } from '../../alarm.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { ScheduledPostsRepo } from '../../store/scheduled-posts.repo.ts';

/** After a failed publication, when to try again. */
const RETRY_MS = 60_000;

type Deps = {
  scheduled: ScheduledPostsRepo;
  changes: ChangeLog;
  clock: Clock;
  logger?: Logger | undefined;
};

/** Scheduled publication: posts whose date has come are published, while the server runs. */
export type PublishScheduler = {
  publishDue: (now?: Date) => number;
  /** Publishes what is due unless nothing can be: a comparison, no query, in the usual case. */
  catchUp(): void;
  /** Catches up on posts that came due while stopped, then follows every write. */
  start(): void;
  stop(): void;
};

export function createPublishScheduler(deps: Deps): PublishScheduler {
  const { scheduled, changes, clock } = deps;
  // Not while a file's import writes aside: it holds the database (changes.writable).
  const alarm = createAlarm(clock, publishSafely, () => changes.writable());
  let stopListening: (() => void) | undefined;

  /** Sets the alarm for the next scheduled post, if any. */
  function arm(next: string | undefined = scheduled.nextDue()): void {
    alarm.set(next === undefined ? undefined : Date.parse(`${next.replace(' ', 'T')}Z`));
  }

  /** publishDue for the timer and for requests: a failure is logged and tried again later. */
  function publishSafely(): void {
    try {
      publishDue();
    } catch (error) {
      deps.logger?.error('Could not publish scheduled posts:', error);
      // Not at every request until then: a full or read-only disk stays so for a while.
      alarm.set(clock.now().getTime() + RETRY_MS);
    }
  }

  /** Publishes every post due at `now`, in one write; how many it published. */
  function publishDue(now: Date = clock.now()): number {
    const nowUtc = toUtcString(now);
    const next = scheduled.nextDue();
    // Nothing due: no write, so no new revision; the alarm waits for the next one.
    if (next === undefined || next > nowUtc) {
      arm(next);
      return 0;
    }
    // The write's commit re-arms the alarm (onCommit).
    return changes.write((rev) => scheduled.publishDue(nowUtc, rev)).length;
  }

  return {
    publishDue,

    /** Publishes what is due unless nothing can be: a comparison, no query, in the usual case. */
    catchUp(): void {
      if (alarm.due()) publishSafely();
    },

    /** Catches up on posts that came due while stopped, then follows every write. */
    start(): void {
      stopListening ??= changes.onCommit(() => arm());
      alarm.start();
      publishDue();
    },

    stop(): void {
      stopListening?.();
      stopListening = undefined;
      alarm.stop();
    },
  };
}
