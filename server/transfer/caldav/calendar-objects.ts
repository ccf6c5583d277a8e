/**
 * The calendar as CalDAV calendar objects (RFC 4791 §4.1), read: each single event is one
 * object and each series one (its rule, its EXDATEs, its exceptions as RECURRENCE-ID
 * components), named `<UID>.ics`. An object is the ICS export's own text for those events
 * (ics-export.ts, ics-series.ts): no second iCalendar mapping, with the caller's own reminders
 * put back (personal-alarms.ts). Its ETag is a hash of those bytes, which hold no "now", so it
 * changes exactly when what the object shows the caller does.
 */
import { hash } from 'node:crypto';
import { can } from '../../auth/capabilities.ts';
import type { WireContext } from '../../http/wire-context.ts';
import type { EventsService } from '../../domain/events/events.service.ts';
import { validateParams } from '../../domain/validate.ts';
import { eventListQuerySchema } from '#shared/schemas/event.ts';
import type { CaldavRepo } from '../../store/caldav.repo.ts';
import type { IcalRepo } from '../../store/ical.repo.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import { exportPages, type ExportEvent } from '../export-records.ts';
import { icsChunks } from '../ics-export.ts';
import { icsSelection, type IcsSelection } from '../ics-series.ts';
import type { RecordRepos } from '../record-repos.ts';
import { withAlarms, type Alarms } from './personal-alarms.ts';

/** One calendar object: its UID and the events it writes (a series first, then exceptions). */
type CalendarObject = { uid: string; items: ExportEvent[] };

/** An object as served: its text and strong ETag. */
export type ObjectText = { uid: string; ics: string; etag: string };

/** The whole calendar, as the export's widest window. */
const ALL_TIME = { start_date: '1900-01-01 00:00:00', end_date: '2199-12-31 23:59:59' };

const OWN_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@marquee$/i;

/** The UID an event is written with: the one its import kept, else its own. */
const uidOf = (event: Pick<StoredEvent, 'uuid'>, kept: { uid: string } | undefined) =>
  kept?.uid ?? `${event.uuid}@marquee`;

export type CalendarObjects = ReturnType<typeof createCalendarObjects>;

export function createCalendarObjects(deps: {
  events: EventsService;
  repos: RecordRepos;
  ical: IcalRepo;
  caldav: CaldavRepo;
  version: string;
}) {
  const { repos, ical } = deps;

  /** The selection's events grouped into objects, in the selection's order. */
  function* objectsOf(selection: IcsSelection): Generator<CalendarObject> {
    let current: CalendarObject | undefined;
    let seriesId: number | undefined;
    for (const page of exportPages(selection.ids, repos, ical))
      for (const item of page) {
        const series = selection.series.get(item.event.id);
        if (series) {
          if (current) yield current;
          current = { uid: series.uid, items: [item] };
          seriesId = item.event.id;
        } else if (seriesId !== undefined && item.event.parentId === seriesId) {
          current?.items.push(item);
        } else {
          if (current) yield current;
          current = { uid: uidOf(item.event, item.ical), items: [item] };
          seriesId = undefined;
        }
      }
    if (current) yield current;
  }

  /** The caller's own reminders, by object (personal-alarms.ts). */
  const alarmsOf = (context: WireContext) =>
    context.actor ? deps.caldav.alarmsOf(context.actor.id) : new Map<string, Alarms>();

  function textOf(
    object: CalendarObject,
    selection: IcsSelection,
    context: WireContext,
    alarms: ReadonlyMap<string, Alarms>,
  ) {
    const zones = object.items.flatMap(({ event }) => (event.allDay ? [] : [event.timezone]));
    const chunks = icsChunks([object.items], selection, zones, context, {
      language: context.settings.defaultLanguage,
      name: context.settings.name,
      version: deps.version,
      object: true,
    });
    const written = [...chunks].join('');
    const own = alarms.get(object.uid);
    const ics = own ? withAlarms(written, own) : written;
    return { uid: object.uid, ics, etag: `"${hash('sha256', ics, 'base64url')}"` };
  }

  /** The objects of the events a list query selects, as the caller may see them. */
  function* selected(query: Record<string, unknown>, context: WireContext) {
    const ids = deps.events.selectAll(validateParams(eventListQuerySchema, query), context);
    const selection = icsSelection(ids, repos.events, ical);
    const alarms = alarmsOf(context);
    for (const object of objectsOf(selection)) yield textOf(object, selection, context, alarms);
  }

  /** The event (a series, never its occurrence) a UID names, if any. */
  function idOf(uid: string): number | undefined {
    const id = deps.caldav.idOfKeptUid(uid) ?? deps.caldav.idOfUuid(OWN_UID.exec(uid)?.[1] ?? '');
    if (id === undefined) return undefined;
    const [event] = repos.events.getMany([id]);
    return event?.recurrenceId && event.parentId !== null ? event.parentId : id;
  }

  function firstOccurrence(seriesId: number): number[] {
    const occurrences = repos.events.getMany(repos.events.occurrenceIdsOf([seriesId]));
    const kept = occurrences.find((occurrence) => occurrence.status !== 'trash');
    return kept ? [kept.id] : [];
  }

  /** The object of the event `id` (a series or a single event), when the caller may see it. */
  function objectOfId(id: number, context: WireContext): ObjectText | undefined {
    const [event] = repos.events.getMany([id]);
    if (!event || event.status === 'trash' || !can.readPost(context.actor, event)) return undefined;
    // One occurrence brings its series, and every exception, into the selection; a series
    // whose every occurrence is in the trash is listed nowhere, so it is no object either.
    const ids = event.recurrence ? firstOccurrence(id) : [id];
    const selection = icsSelection(ids, repos.events, ical);
    const [object] = objectsOf(selection);
    return object && textOf(object, selection, context, alarmsOf(context));
  }

  return {
    idOf,

    /** Every object the caller may see. */
    all: (context: WireContext) => selected(ALL_TIME, context),

    /**
     * The objects with an event in [from, to) (wall times in the calendar's zone): a series
     * when any of its occurrences is.
     */
    inRange: (from: string, to: string, context: WireContext) =>
      // Strict: the list's bounds are whole days unless told otherwise.
      selected({ ...ALL_TIME, strict_dates: 'true', ends_after: from, starts_before: to }, context),

    /** The object a UID names, when the caller may see it. */
    find(uid: string, context: WireContext): ObjectText | undefined {
      const id = idOf(uid);
      return id === undefined ? undefined : objectOfId(id, context);
    },

    objectOfId,

    /** The UID the event `id` is written with (for an object the caller no longer sees). */
    uidOfId(id: number): string | undefined {
      const [event] = repos.events.getMany([id]);
      return event && uidOf(event, ical.getMany([id]).get(id));
    },
  };
}
