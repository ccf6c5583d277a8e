/**
 * Scheduled publication (WordPress's publish_future_post cron): `future` posts become `publish`
 * when their date comes, as an ordinary write (a new revision), so the response cache, sync
 * pulls and the change stream follow. A timer waits for the next due post and is re-armed after
 * every write; start() catches up on posts that came due while the server was stopped; and
 * catchUp() lets each request publish what is due first, so no answer is late even when the
 * timer is (a machine asleep through the moment, or a fixed clock in tests).
 */
import { toUtcString } from '#shared/time/datetime.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { ScheduledPostsRepo } from './scheduled-posts.repo.ts';

// setTimeout's longest delay (about 24.8 days); a later due date re-arms when this one fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

type Deps = {
  scheduled: ScheduledPostsRepo;
  changes: ChangeLog;
  clock: Clock;
  logger?: Logger | undefined;
};

export type PublishScheduler = ReturnType<typeof createPublishScheduler>;

export function createPublishScheduler(deps: Deps) {
  const { scheduled, changes, clock } = deps;
  /** When the next scheduled post is due (epoch ms), if any. */
  let dueAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;

  /** Notes when the next post is due and sets the timer for it (while started). */
  function arm(next: string | undefined = scheduled.nextDue()): void {
    dueAt = next === undefined ? undefined : Date.parse(`${next.replace(' ', 'T')}Z`);
    clearTimeout(timer);
    timer = undefined;
    if (dueAt === undefined || !stopListening) return;
    const delay = dueAt - clock.now().getTime();
    timer = setTimeout(publishSafely, Math.min(Math.max(delay, 0), MAX_DELAY_MS));
    // Waiting for a post must not keep the process alive.
    timer.unref();
  }

  /** publishDue for the timer and for requests: a failure is logged; the next request retries. */
  function publishSafely(): void {
    try {
      publishDue();
    } catch (error) {
      deps.logger?.error('Could not publish scheduled posts:', error);
    }
  }

  /** Publishes every post due at `now`, in one write; how many it published. */
  function publishDue(now: Date = clock.now()): number {
    const nowUtc = toUtcString(now);
    const next = scheduled.nextDue();
    // Nothing due: no write, so no new revision; the timer waits for the next one.
    if (next === undefined || next > nowUtc) {
      arm(next);
      return 0;
    }
    // The write's commit re-arms the timer (onCommit).
    return changes.write((rev) => scheduled.publishDue(nowUtc, rev)).length;
  }

  return {
    publishDue,

    /** Publishes what is due unless nothing can be: a comparison, no query, in the usual case. */
    catchUp(): void {
      if (dueAt !== undefined && dueAt <= clock.now().getTime()) publishSafely();
    },

    /** Catches up on posts that came due while stopped, then follows every write. */
    start(): void {
      stopListening ??= changes.onCommit(() => arm());
      publishDue();
    },

    stop(): void {
      stopListening?.();
      stopListening = undefined;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
