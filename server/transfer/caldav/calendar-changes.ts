/**
 * What changed in the calendar's objects after a revision, for RFC 6578's sync-collection: the
 * change log's revisions are the sync tokens. Read from the records a change stamped (and the
 * tombstones of those deleted), so the answer costs what changed, not the calendar. An object
 * the caller no longer sees (trashed, unpublished, deleted) is reported gone.
 */
import { hash } from 'node:crypto';
import type { WireContext } from '../../http/wire-context.ts';
import type { CaldavRepo } from '../../store/caldav.repo.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { SyncRepo } from '../../store/sync.repo.ts';
import type { CalendarObjects, ObjectText } from './calendar-objects.ts';

/**
 * A sync token, as a URI (RFC 6578 §3.2): the calendar's id, a stamp of what shapes every
 * object's text besides its records (the settings, Marquee's version), and a revision. Objects
 * change with the stamp without a record changing, so a token of another stamp is refused and
 * the client lists everything again: its ETags are then all current.
 */
const TOKEN = /^urn:marquee:sync:([0-9a-f-]+):([0-9a-z_-]+):(\d+)$/i;

type ObjectChanges = { changed: ObjectText[]; gone: string[]; token: string };

export type CalendarChanges = ReturnType<typeof createCalendarChanges>;

export function createCalendarChanges(deps: {
  objects: CalendarObjects;
  caldav: CaldavRepo;
  changes: ChangeLog;
  sync: SyncRepo;
  /** What shapes every object besides its records (settings-file.ts `get`, and the version). */
  shape: () => unknown;
}) {
  const { objects, caldav } = deps;
  const stamp = () => hash('sha256', JSON.stringify(deps.shape()), 'base64url').slice(0, 12);
  const tokenAt = (rev: number) => `urn:marquee:sync:${deps.sync.calendarId()}:${stamp()}:${rev}`;

  /**
   * The revision a token names, or undefined when this calendar cannot answer from it: another
   * calendar's, one from the future (a restored older copy), or one older than the tombstones
   * kept.
   */
  function revisionOf(token: string): number | undefined {
    const [, calendar, shape, rev] = TOKEN.exec(token) ?? [];
    if (calendar?.toLowerCase() !== deps.sync.calendarId().toLowerCase()) return undefined;
    if (shape !== stamp()) return undefined;
    const after = Number(rev);
    if (after > deps.changes.latest() || after < deps.sync.horizon()) return undefined;
    return after;
  }

  return {
    /** The token of the calendar as it is now (also its ctag). */
    token: () => tokenAt(deps.changes.latest()),

    revisionOf,

    /** The objects written or gone after `after`, as the caller sees them now. */
    since(after: number, context: WireContext): ObjectChanges {
      // Read before the changes: a write committed meanwhile is reported again next time.
      const token = tokenAt(deps.changes.latest());
      const touched = new Set<number>();
      for (const event of caldav.eventsTouchedAfter(after)) touched.add(event.seriesId ?? event.id);
      const changed: ObjectText[] = [];
      const gone = new Set<string>();
      for (const id of touched) {
        const object = objects.objectOfId(id, context);
        if (object) changed.push(object);
        else {
          const uid = objects.uidOfId(id);
          if (uid) gone.add(uid);
        }
      }
      for (const uuid of caldav.eventsDeletedAfter(after)) gone.add(`${uuid}@marquee`);
      return { changed, gone: [...gone], token };
    },
  };
}
