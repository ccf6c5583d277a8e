/**
 * The sync engine: pushes the outbox, pulls and rebases, retries with backoff when
 * the server is unreachable, syncs again when the server pokes or the user edits, and tells
 * its status: synced, pending N, offline, or conflict. One tab syncs at a time (Web Locks);
 * every tab sees the result through the shared replica.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { MarqueeDB } from '../db.ts';
import { mirroredCalendar, pullPass, pushPass } from './passes.ts';
import { OfflineError, RefusedError } from '../api/client.ts';
import { OtherCalendarError } from '#shared/sync/replica-client.ts';
import type { Transport } from './transport.ts';

export type SyncState = 'synced' | 'pending' | 'offline' | 'conflict';

export type SyncStatus = {
  state: SyncState;
  /** Changes not yet accepted by the server. */
  pending: number;
  /** Conflicts and refusals waiting for the user. */
  problems: number;
  online: boolean;
  syncing: boolean;
  /** Why the server cannot be used, when it answered with a refusal (e.g. a revoked token). */
  refusal?: string | undefined;
};

export type SyncEngineOptions = {
  db: MarqueeDB;
  transport: Transport;
  pullLimit?: number;
  /** Milliseconds to wait before retry `attempt` (1, 2, …) after a failure. */
  backoff?: (attempt: number) => number;
  /** After each pass: the calendar this replica mirrors (the server's id). */
  onMirrors?: (calendar: string) => void;
  /**
   * The server at this address now holds another calendar: sync stops, nothing of either goes
   * to the other, and the caller opens that calendar's own replica.
   */
  onOtherCalendar?: (calendar: string) => void;
};

const CLIENT_ID = 'clientId';
const defaultBackoff = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, transport } = options;
  const backoff = options.backoff ?? defaultBackoff;
  const listeners = new Set<(status: SyncStatus) => void>();
  let status: SyncStatus = {
    state: 'synced',
    pending: 0,
    problems: 0,
    online: true,
    // Not "up to date" before the first pass has said so.
    syncing: true,
  };
  let running: Promise<void> | undefined;
  let again = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let streamAbort: AbortController | undefined;
  let watch: Subscription | undefined;

  async function clientId(): Promise<string> {
    return db.transaction('rw', db.meta, async () => {
      const known = await db.meta.get(CLIENT_ID);
      if (typeof known?.value === 'string') return known.value;
      const id = `replica-${crypto.randomUUID()}`;
      await db.meta.put({ key: CLIENT_ID, value: id });
      return id;
    });
  }

  async function publish(change: Partial<SyncStatus>): Promise<void> {
    const [pending, problems] = await Promise.all([db.outbox.count(), db.problems.count()]);
    const next = { ...status, ...change, pending, problems };
    next.state = !next.online
      ? 'offline'
      : problems > 0
        ? 'conflict'
        : pending > 0
          ? 'pending'
          : 'synced';
    status = next;
    for (const listener of listeners) listener(status);
  }

  /** Web Locks keep two tabs from syncing the same replica at once (absent in tests: no lock). */
  async function exclusive(work: () => Promise<void>): Promise<void> {
    type Locks = { request(name: string, work: () => Promise<void>): Promise<void> };
    const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
    if (locks) await locks.request(`marquee-sync-${db.name}`, work);
    else await work();
  }

  async function pass(): Promise<void> {
    const id = await clientId();
    await exclusive(async () => {
      await pushPass(db, transport, id);
      await pullPass(db, transport, id, options.pullLimit ?? 1000);
    });
  }

  /** Stops listening and retrying (a pass under way ends by itself). */
  function halt(): void {
    stopped = true;
    clearTimeout(retry);
    streamAbort?.abort();
    watch?.unsubscribe();
  }

  async function run(): Promise<void> {
    try {
      await publish({ syncing: true });
      // A poke may arrive while the status is published: check again before letting go, with no
      // await between that check and clearing `running`, so no request is ever dropped.
      do {
        do {
          again = false;
          await pass();
        } while (again);
        attempt = 0;
        await publish({ online: true, syncing: false, refusal: undefined });
        const mirrored = await mirroredCalendar(db);
        if (mirrored) options.onMirrors?.(mirrored);
      } while (again);
    } catch (error) {
      if (error instanceof OtherCalendarError) {
        halt();
        await publish({ online: false, syncing: false, refusal: 'marquee_sync_other_calendar' });
        options.onOtherCalendar?.(error.calendar);
        return;
      }
      if (!(error instanceof OfflineError) && !(error instanceof RefusedError)) throw error;
      attempt += 1;
      await publish({
        online: false,
        syncing: false,
        refusal: error instanceof RefusedError ? error.envelope.code : undefined,
      });
      if (!stopped) retry = setTimeout(() => void syncNow(), backoff(attempt));
    } finally {
      running = undefined;
    }
  }

  /** Syncs now, or right after the pass under way; resolves when the replica is up to date (or offline). */
  function syncNow(): Promise<void> {
    clearTimeout(retry);
    if (running) {
      again = true;
      return running;
    }
    running = run();
    return running;
  }

  async function listen(): Promise<void> {
    while (!stopped) {
      streamAbort = new AbortController();
      try {
        await transport.stream(() => void syncNow(), streamAbort.signal);
      } catch {
        // Unreachable: said below, as an end is.
      }
      // The stream only ends when the server goes (or restarts): offline at once, not at the
      // next pass; the next successful pass says online again.
      if (!stopped) await publish({ online: false });
      if (!stopped)
        await new Promise((resolve) => setTimeout(resolve, backoff(Math.max(1, attempt))));
    }
  }

  return {
    status: () => status,
    subscribe(listener: (status: SyncStatus) => void): () => void {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    syncNow,
    /** Starts syncing: now, on every local change (any tab), on every poke from the server. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      let seen = -1;
      // The status follows the problems too: one filed by a save or resolved in any tab counts
      // at once, not at the next pass.
      watch = liveQuery(() => Promise.all([db.outbox.count(), db.problems.count()])).subscribe(
        ([count]) => {
          if (count > seen && seen !== -1) void syncNow();
          seen = count;
          void publish({});
        },
      );
      void listen();
      void syncNow();
    },
    async stop(): Promise<void> {
      halt();
      await running;
    },
  };
}
