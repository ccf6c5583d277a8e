/**
 * Which calendar event a file's event is (anchors.md §3.1): its UID when the calendar knows it
 * (an ICS import kept it, or it is one of our own uuids, as our exports write them), else TEC's
 * rule: the same title and start (and all-day flag). Everything is loaded once per import, so
 * matching 100k events costs a few queries, not one per event.
 */
import { foldText } from '#shared/text/fold.ts';
import type { Database } from '../../store/database.ts';
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
};

export function createEventMatcher(db: Database): EventMatcher {
  const byUid = new Map<string, number>();
  for (const row of db
    .prepare('SELECT uid, post_id FROM event_ical ORDER BY post_id DESC')
    .all() as {
    uid: string;
    post_id: number;
  }[])
    byUid.set(row.uid, row.post_id);
  const byUuid = new Map<string, number>();
  for (const row of db
    .prepare("SELECT uuid, id FROM posts WHERE kind = 'event' AND status <> 'trash'")
    .all() as {
    uuid: string;
    id: number;
  }[])
    byUuid.set(row.uuid.toLowerCase(), row.id);
  const byTitle = new Map<string, number>();
  const rows = db
    .prepare(
      `SELECT t.title, e.start_local, e.all_day, e.post_id FROM events e
       JOIN post_texts t ON t.post_id = e.post_id JOIN posts p ON p.id = e.post_id
       WHERE p.status <> 'trash' ORDER BY e.post_id DESC`,
    )
    .all() as { title: string; start_local: string; all_day: number; post_id: number }[];
  for (const row of rows)
    byTitle.set(titleKey(row.title, row.start_local, row.all_day === 1), row.post_id);

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
  };
}
