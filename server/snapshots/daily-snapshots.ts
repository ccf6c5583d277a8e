/**
 * The daily snapshot. It is due when the newest daily snapshot is a day old (or there is
 * none) and the calendar changed since: an unchanged calendar is already in that
 * snapshot, and seven copies of one state would push older, different ones out of the rotation.
 * Checked shortly after start, by a timer (unref'd: it never keeps the process alive), and before
 * each request (a comparison, no query), so a machine that slept through the moment, or a
 * fixed clock in tests, still gets it. A request that finds it due only schedules it (right
 * after that turn of the event loop), and the copy is made on a thread of its own
 * (`createAside`): no answer waits for a copy of the whole calendar, which takes seconds at
 * 100k events. One at a time; stopping the server stops one under way.
 * `snapshotIfDue(now)` is the whole rule, testable alone.
 */
import type { Snapshot } from '#shared/schemas/snapshot.ts';
import { createAlarm } from '../alarm.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Snapshots } from './snapshots.service.ts';

const DAY_MS = 86_400_000;
/** When a due snapshot was not made (unchanged, or it failed): look again this much later. */
const RECHECK_MS = 3_600_000;

type Deps = {
  snapshots: Snapshots;
  changes: ChangeLog;
  clock: Clock;
  logger?: Logger | undefined;
};

/** The daily snapshot, made when it came due and the calendar changed. */
export type DailySnapshots = {
  snapshotIfDue: (now?: Date, signal?: AbortSignal) => Promise<Snapshot | undefined>;
  /** Schedules the snapshot if it came due and the calendar changed (a comparison, usually). */
  catchUp(): void;
  /** Looks right after start, then daily; a folder that cannot be read is logged. */
  start(): void;
  stop(): void;
  /** Settles once the snapshot under way, if any, is made (or has failed). */
  settled: () => Promise<void>;
};

export function createDailySnapshots(deps: Deps): DailySnapshots {
  const { snapshots, changes, clock } = deps;
  // The timer; `dueAt` stays when it has passed, so the first change after it is snapshotted
  // at the next request, while the timer rechecks an unchanged calendar only hourly.
  const alarm = createAlarm(clock, () => void runSafely());
  /** When the next one is due (epoch ms), and the change sequence the newest one holds. */
  let dueAt: number | undefined;
  let heldSeq: number | undefined;
  /** The run a request scheduled, until it has run: one at a time, however many ask. */
  let pending: NodeJS.Immediate | undefined;
  /** The copy under way: how to stop it, and when it is over. */
  let running: { stop: AbortController; over: Promise<void> } | undefined;

  /** Notes when the next one is due and sets the alarm for then (or a recheck if that passed). */
  function arm(now: Date = clock.now()): void {
    const newest = snapshots.newestInRotation();
    dueAt = newest ? newest.created.getTime() + DAY_MS : now.getTime();
    heldSeq = newest?.seq;
    alarm.set(dueAt > now.getTime() ? dueAt : now.getTime() + RECHECK_MS);
  }

  /** Makes the daily snapshot if it is due at `now`; what it made, if anything. */
  async function snapshotIfDue(
    now: Date = clock.now(),
    signal?: AbortSignal,
  ): Promise<Snapshot | undefined> {
    const newest = snapshots.newestInRotation();
    if (newest && now.getTime() - newest.created.getTime() < DAY_MS) return undefined;
    if (newest && newest.seq === changes.latest()) return undefined;
    return snapshots.createAside('daily', now, signal);
  }

  /** Whether it came due and the calendar changed since the newest one: a comparison. */
  function cameDue(): boolean {
    return (
      !running &&
      dueAt !== undefined &&
      dueAt <= clock.now().getTime() &&
      changes.latest() !== heldSeq
    );
  }

  function runSafely(): Promise<void> {
    if (running) return running.over;
    const now = clock.now();
    const stop = new AbortController();
    const over = (async () => {
      try {
        await snapshotIfDue(now, stop.signal);
        if (!stop.signal.aborted) arm(now);
      } catch (error) {
        if (stop.signal.aborted) return;
        deps.logger?.error('Could not make the daily snapshot:', error);
        // Not at every request until then: a full disk stays full for a while.
        dueAt = now.getTime() + RECHECK_MS;
        alarm.set(dueAt);
      } finally {
        running = undefined;
      }
    })();
    running = { stop, over };
    return over;
  }

  return {
    snapshotIfDue,

    /**
     * Schedules the snapshot if it came due and the calendar changed (a comparison, usually);
     * it is made once the request that asked has been handled.
     */
    catchUp(): void {
      if (pending || !cameDue()) return;
      pending = setImmediate(() => {
        pending = undefined;
        // The timer may have run it (or failed and put it off) since this was scheduled.
        if (cameDue()) void runSafely();
      });
    },

    /**
     * Looks right after start (the server listens first; a request before then looks itself),
     * then daily. Nothing here touches the disk, so a folder that cannot be read never stops
     * the server from starting: that is logged when the look fails.
     */
    start(): void {
      dueAt = clock.now().getTime();
      heldSeq = undefined;
      alarm.start();
      alarm.set(dueAt);
    },

    stop(): void {
      alarm.stop();
      // Nothing is due any more: a request still in flight while the server closes must not
      // start a copy after settled() has answered and the files are closing.
      dueAt = undefined;
      clearImmediate(pending);
      pending = undefined;
      running?.stop.abort(new Error('The server is closing.'));
    },

    /** Settles once the snapshot under way, if any, is made (or has failed). */
    settled: (): Promise<void> => running?.over ?? Promise.resolve(),
  };
}
