/**
 * The hub sync running by itself in the server: the website's scheduler (peer-scheduler.ts: a
 * pass soon after each commit, every poll, backoff after a failure, none while the token is
 * refused), with a short delay after a commit (a change reaches the hub well within 2 s), and
 * the hub's change stream, which starts a pass at once when another laptop's change lands there
 * (a record's, or the calendar's settings); a change to this calendar's settings starts one too.
 */
import type { Logger } from '../../logger.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { createPeerScheduler } from '../peer-scheduler.ts';
import type { HubService } from './hub.service.ts';

/** After a commit: long enough to send a burst of edits in one push. */
const PUSH_DELAY_MS = 300;

/** When the hub's passes run: its stream, a poll, or as soon as asked. */
export type HubSync = {
  /** Starts the schedule and the stream; a poll interval of 0 leaves both to "Sync now". */
  start(): void;
  soon: () => void;
  stop(): Promise<void>;
};

export function createHubSync(deps: {
  service: HubService;
  changes: ChangeLog;
  settings: SettingsStore;
  pollMs: number;
  logger?: Logger | undefined;
}): HubSync {
  const scheduler = createPeerScheduler({
    service: deps.service,
    changes: deps.changes,
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: 'Hub sync',
    pushDelayMs: PUSH_DELAY_MS,
  });
  let listening: AbortController | undefined;
  let listened: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  return {
    /** Starts the schedule and the stream; a poll interval of 0 leaves both to "Sync now". */
    start(): void {
      if (listening || deps.pollMs <= 0) return;
      scheduler.start();
      // A settings change commits no record: the calendar's own go to the hub soon all the same.
      unsubscribe = deps.settings.onChange(() => scheduler.soon());
      listening = new AbortController();
      listened = deps.service.listen(listening.signal, () => scheduler.soon());
    },
    soon: () => scheduler.soon(),
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      listening?.abort();
      listening = undefined;
      await scheduler.stop();
      await listened;
    },
  };
}
