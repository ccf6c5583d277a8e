/**
 * What components read from the replica, kept live: Dexie's liveQuery re-runs a query when any
 * tab changes the tables it read, and the sync engine reports its status as it changes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import type { Kind } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Problem } from './db.ts';
import type { CalendarSettings } from './replica.ts';
import type { RecordOf } from '#shared/kinds/registry.ts';
import { useReplica } from './replica-context.ts';
import type { SyncStatus } from './sync/engine.ts';

export function useSyncStatus(): SyncStatus {
  const { engine } = useReplica();
  const subscribe = useCallback((onChange: () => void) => engine.subscribe(onChange), [engine]);
  const snapshot = useCallback(() => engine.status(), [engine]);
  return useSyncExternalStore(subscribe, snapshot);
}

/** Conflicts and refusals waiting for the user, oldest first. */
export function useProblems(): Problem[] | undefined {
  const { problems } = useReplica();
  return useLiveQuery(() => problems.list(), [problems]);
}

/** A record of the replica: undefined while it loads, null when there is none. */
export function useRecord(
  kind: Kind,
  uuid: string | null | undefined,
): RecordOf | null | undefined {
  const { records } = useReplica();
  return useLiveQuery(
    async () => (uuid ? ((await records.get(kind, uuid)) ?? null) : null),
    [records, kind, uuid],
  );
}

/**
 * The series of the event `uuid` (itself when it is one, its series when it is an occurrence):
 * undefined while it loads, null when the event is neither.
 */
export function useSeries(uuid: string | null | undefined): CalendarEvent | null | undefined {
  const { records, events } = useReplica();
  return useLiveQuery(async () => {
    const event = uuid ? await records.get('event', uuid) : undefined;
    return (event && (await events.seriesOf(event as unknown as CalendarEvent))) ?? null;
  }, [records, events, uuid]);
}

/** The calendar's settings (time zone, default content language), following the server's. */
export function useCalendarSettings(): CalendarSettings {
  const replica = useReplica();
  const subscribe = useCallback((onChange: () => void) => replica.onCalendar(onChange), [replica]);
  return useSyncExternalStore(subscribe, () => replica.calendar());
}
