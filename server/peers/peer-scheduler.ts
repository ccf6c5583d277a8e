/**
 * A peer's sync running by itself in the server (the website's; the hub's through
 * hub/hub-sync.ts, with a shorter delay and its change stream): a change committed in Marquee
 * is sent within seconds (PUSH_DELAY_MS after it, so a burst of edits goes in one pass), the
 * peer is asked for its changes every poll interval (default a minute), and a pass that failed
 * is tried again with backoff (5 s, 10 s, 20 s… up to 5 minutes). While the peer cannot be
 * reached, Marquee's changes wait in its change log (the peer's cursor stays), and go in order
 * once it can.
 */
import { toUtcString } from '#shared/time/datetime.ts';
import { loggableError } from '../http/log-safe.ts';
import type { Logger } from '../logger.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';

/** What the scheduler runs: the website's service, or the hub's (hub/hub.service.ts). */
type Syncs = {
  connected(): boolean;
  sync(): Promise<unknown>;
  stop(): Promise<void>;
  /** The last pass needs the user first (a revoked token): no pass by itself until then. */
  needsUser?(): boolean;
  /** When the next try after a failed pass is (its log line says so). */
  retrying?(at: string): void;
};

const PUSH_DELAY_MS = 2000;
const FIRST_RETRY_MS = 5000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** When a peer's passes run: after a burst of edits, on a poll, or as soon as asked. */
export type PeerScheduler = {
  /** Starts the schedule; a poll interval of 0 leaves the sync to be asked for ("Sync now"). */
  start(): void;
  /** A pass as soon as possible ("Sync now" answers on its own: this is for a decision made). */
  soon(): void;
  /** Stops the schedule and the pass under way (at its next record); settles when it ended. */
  stop(): Promise<void>;
};

export function createPeerScheduler(deps: {
  service: Syncs;
  changes: ChangeLog;
  pollMs: number;
  logger?: Logger | undefined;
  /** What the log calls it ("Website sync"). */
  name?: string;
  /** How long after a commit its pass starts (default 2 s: a burst of edits goes in one pass). */
  pushDelayMs?: number;
}): PeerScheduler {
  const pushDelay = deps.pushDelayMs ?? PUSH_DELAY_MS;
  const { service } = deps;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let poll: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let failures = 0;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(ms: number): void {
    if (!unsubscribe) return;
    const at = Date.now() + ms;
    if (timer && dueAt <= at) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => void run(), ms);
  }

  async function run(): Promise<void> {
    timer = undefined;
    dueAt = Infinity;
    if (running) {
      again = true;
      return;
    }
    if (!service.connected()) return;
    if (service.needsUser?.()) return;
    running = (async () => {
      try {
        await service.sync();
        failures = 0;
      } catch (error) {
        failures += 1;
        const wait = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LONGEST_RETRY_MS, deps.pollMs);
        deps.logger?.warn(
          `${deps.name ?? 'Website sync'}: ${(error as Error).message ?? loggableError(error)} (next try in ${Math.round(wait / 1000)} s)`,
        );
        schedule(wait);
        // In the log's own form (UTC `YYYY-MM-DD HH:MM:SS`), as every other instant it holds.
        service.retrying?.(toUtcString(new Date(Date.now() + wait)));
      }
    })();
    await running;
    running = undefined;
    if (again) {
      again = false;
      schedule(pushDelay);
    }
  }

  return {
    /** Starts the schedule; a poll interval of 0 leaves the sync to be asked for ("Sync now"). */
    start(): void {
      if (unsubscribe || deps.pollMs <= 0) return;
      // Every commit (the pass's own too: the next pass finds nothing of its own to send back).
      unsubscribe = deps.changes.onCommit(() => {
        if (running) again = true;
        else schedule(pushDelay);
      });
      poll = setInterval(() => schedule(0), deps.pollMs);
      schedule(0);
    },
    /** A pass as soon as possible ("Sync now" answers on its own: this is for a decision made). */
    soon(): void {
      schedule(0);
    },
    /** Stops the schedule and the pass under way (at its next record); settles when it ended. */
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      clearTimeout(timer);
      clearInterval(poll);
      timer = undefined;
      await service.stop();
      await running;
    },
  };
}
