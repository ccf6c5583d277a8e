/**
 * One replica of the calendar: the Dexie database, the repos that edit it, and the
 * sync engine that keeps it level with the server. The app opens one per browser profile; tests
 * open several, on fake IndexedDB, against a real server.
 */
import type { Language } from '#shared/languages.ts';
import type { Currency } from '#shared/text/cost.ts';
import type { MarqueeDB } from './db.ts';
import { createEventsRepo } from './repos/events.repo.ts';
import { createProblemsRepo } from './repos/problems.repo.ts';
import { createRecordsRepo } from './repos/records.repo.ts';
import { createSyncEngine, type SyncEngineOptions } from './sync/engine.ts';

/** The calendar's settings the editor works with (the server's, as last heard). */
/** What the editor needs of the calendar's settings; `currency` shows costs as the API will. */
export type CalendarSettings = {
  timezone: string;
  defaultLanguage: Language;
  currency?: Currency;
  /** The calendar's name; absent until the server has named it. */
  name?: string;
  /** Whether drafts and pending events hold their venue (absent: they do). */
  clashHolds?: boolean;
};

type ReplicaOptions = SyncEngineOptions & {
  calendar: CalendarSettings;
  now?: () => Date;
};

export function createReplica(options: ReplicaOptions) {
  const { db } = options;
  let calendar = options.calendar;
  const listeners = new Set<(calendar: CalendarSettings) => void>();
  const records = createRecordsRepo(db, {
    timezone: () => calendar.timezone,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    db: db satisfies MarqueeDB,
    records,
    events: createEventsRepo(db),
    problems: createProblemsRepo(db, records),
    engine: createSyncEngine(options),
    calendar: () => calendar,
    setCalendar(next: CalendarSettings): void {
      if (JSON.stringify(next) === JSON.stringify(calendar)) return;
      calendar = next;
      for (const listener of listeners) listener(calendar);
    },
    onCalendar(listener: (calendar: CalendarSettings) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Replica = ReturnType<typeof createReplica>;
