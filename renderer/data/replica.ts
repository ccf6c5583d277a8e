/**
 * One replica of the calendar (DESIGN §7): the Dexie database, the repos that edit it, and the
 * sync engine that keeps it level with the server. The app opens one per browser profile; tests
 * open several, on fake IndexedDB, against a real server.
 */
import type { MarqueeDB } from './db.ts';
import { createProblemsRepo } from './repos/problems.repo.ts';
import { createRecordsRepo } from './repos/records.repo.ts';
import { createSyncEngine, type SyncEngineOptions } from './sync/engine.ts';

export type ReplicaOptions = SyncEngineOptions & {
  /** The calendar's zone, for new events, until the server says otherwise. */
  timezone: string;
  now?: () => Date;
};

export function createReplica(options: ReplicaOptions) {
  const { db } = options;
  let timezone = options.timezone;
  const records = createRecordsRepo(db, {
    timezone: () => timezone,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    db: db satisfies MarqueeDB,
    records,
    problems: createProblemsRepo(db, records),
    engine: createSyncEngine(options),
    setTimezone(zone: string): void {
      timezone = zone;
    },
  };
}

export type Replica = ReturnType<typeof createReplica>;
