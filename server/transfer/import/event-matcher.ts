/**
 * Which calendar event a file's event is (anchors.md §3.1): its UID when the calendar knows it
 * (an ICS import kept it, or it is one of our own uuids, as our exports write them), else TEC's
 * rule: the same title and start (and all-day flag). Everything is loaded once per import, so
 * matching 100k events costs a few queries, not one per event.
 */
import { foldText } from '#shared/text/fold.ts';
import type { Database } from '../../store/database.ts';
import { createImportRepo } from './import.repo.ts';
import type { FileEvent } from '../file-records.ts';

const OWN_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(@marquee)?$/i;

const titleKey = (title: string, start: string, allDay: boolean) =>
  `${foldText(title)}\u0000${allDay ? start.slice(0, 10) : start}\u0000${allDay}`;

type EventMatcher = {
  match(event: FileEvent): number | undefined;
  /** The event an imported UID belongs to (a series' first occurrence). */
  idOfUid(uid: string): number | undefined;
  /** An event this import created or changed: later rows of the same file match it. */
  remember(event: FileEvent, id: number): void;
  /** Events this import deleted (a series' occurrences): no later row matches them. */
  forget(ids: readonly number[]): void;
};

export function createEventMatcher(db: Database): EventMatcher {
  const repo = createImportRepo(db);
  const byUid = new Map(repo.keptUids().map((row) => [row.uid, row.post_id]));
  const byUuid = new Map(repo.eventUuids().map((row) => [row.uuid.toLowerCase(), row.id]));
  const byTitle = new Map(
    repo
      .eventTitles()
      .map((row) => [titleKey(row.title, row.start_local, row.all_day === 1), row.post_id]),
  );

  return {
    match(event) {
      if (event.uid) {
        const own = OWN_UID.exec(event.uid);
        const id =
          byUid.get(event.uid) ?? (own?.[1] ? byUuid.get(own[1].toLowerCase()) : undefined);
        if (id !== undefined) return id;
      }
      return byTitle.get(titleKey(event.title, event.start, event.allDay));
    },
    idOfUid: (uid) => byUid.get(uid),
    remember(event, id) {
      if (event.uid) byUid.set(event.uid, id);
      byTitle.set(titleKey(event.title, event.start, event.allDay), id);
    },
    forget(ids) {
      const gone = new Set(ids);
      for (const map of [byUid, byUuid, byTitle])
        for (const [key, id] of map) if (gone.has(id)) map.delete(key);
    },
  };
}
