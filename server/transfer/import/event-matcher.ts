/**
 * Which calendar event a file's event is: its UID when the calendar knows it
 * (an ICS import kept it, or it is one of our own uuids, as our exports write them), else TEC's
 * rule: the same title and start (and all-day flag). Everything is loaded once per import, so
 * matching 100k events costs a few queries, not one per event.
 *
 * A file's distinct UIDs are distinct events: TEC's rule never matches an event with a UID to
 * one that another UID names (one this import took for another UID of the file, or one an
 * earlier import kept with another UID). Ten sessions of a class at the same time in ten rooms
 * stay ten events. It still matches events that have no UID of their own on either side.
 */
import { foldText } from '#shared/text/fold.ts';
import type { Database } from '../../store/database.ts';
import { createImportRepo } from '../../store/import.repo.ts';
import type { FileEvent } from '../file-records.ts';

const OWN_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(@marquee)?$/i;

const titleKey = (title: string, start: string, allDay: boolean) =>
  `${foldText(title)}\u0000${allDay ? start.slice(0, 10) : start}\u0000${allDay}`;

export type EventMatcher = {
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

  /** The UID each event is known by: kept from an earlier import, or taken in this one. */
  const uidOf = new Map([...byUid].map(([uid, id]) => [id, uid]));

  return {
    match(event) {
      if (event.uid) {
        const own = OWN_UID.exec(event.uid);
        const id =
          byUid.get(event.uid) ?? (own?.[1] ? byUuid.get(own[1].toLowerCase()) : undefined);
        if (id !== undefined) return id;
      }
      const id = byTitle.get(titleKey(event.title, event.start, event.allDay));
      const named = id === undefined ? undefined : uidOf.get(id);
      return event.uid && named !== undefined && named !== event.uid ? undefined : id;
    },
    idOfUid: (uid) => byUid.get(uid),
    remember(event, id) {
      if (event.uid) {
        byUid.set(event.uid, id);
        uidOf.set(id, event.uid);
      }
      byTitle.set(titleKey(event.title, event.start, event.allDay), id);
    },
    forget(ids) {
      const gone = new Set(ids);
      for (const map of [byUid, byUuid, byTitle])
        for (const [key, id] of map) if (gone.has(id)) map.delete(key);
      for (const id of gone) uidOf.delete(id);
    },
  };
}
