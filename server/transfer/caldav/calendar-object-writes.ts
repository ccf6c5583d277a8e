/**
 * Writing a CalDAV calendar object: a PUT is read by the ICS reader and written by the import's
 * own path (import/import-file.ts), one object at a time, so a phone's edit meets the write
 * command, its roles, its cleaning of texts and the change log as every other door's does. Its
 * events are matched by UID alone: a new object never takes over an event that happens to
 * share its title and start. A DELETE trashes the event or series, as REST's DELETE does.
 *
 * What an object may hold: VEVENTs (and the VTIMEZONEs they name), all of one UID, which is
 * the object's name. VTODO, VJOURNAL and VFREEBUSY are refused; a VALARM is a person's
 * reminder, not the venue's: it is kept aside for that person (personal-alarms.ts).
 */
import ICAL from 'ical.js';
import type { WireContext } from '../../http/wire-context.ts';
import { whenWritable } from '../../store/write-aside.ts';
import type { FileEvent } from '../file-records.ts';
import { importContents, type ImportDeps } from '../import/import-file.ts';
import type { EventMatcher } from '../import/event-matcher.ts';
import { readFile } from '../read-file.ts';
import { ObjectRefusal } from './object-refusal.ts';
import { alarmsIn } from './personal-alarms.ts';
import type { CalendarObjects } from './calendar-objects.ts';
import type { CaldavRepo } from '../../store/caldav.repo.ts';

/** What the client's conditional headers ask for (If-Match, If-None-Match). */
export type Conditions = { ifMatch?: string | undefined; ifNoneMatch?: string | undefined };

const COMPONENTS_KEPT = new Set(['vevent', 'vtimezone']);

/** The object's UID, after checking it holds only events of one UID. */
function checkedUid(text: string): string {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new ObjectRefusal('invalid', 'caldav:valid-calendar-data', (error as Error).message);
  }
  if (calendar.name !== 'vcalendar')
    throw new ObjectRefusal(
      'invalid',
      'caldav:valid-calendar-data',
      'The body is not a VCALENDAR.',
    );
  for (const component of calendar.getAllSubcomponents())
    if (!COMPONENTS_KEPT.has(component.name))
      throw new ObjectRefusal(
        'unsupported',
        'caldav:supported-calendar-component',
        `This calendar holds events (VEVENT) only, not ${component.name.toUpperCase()}.`,
      );
  const uids = new Set(
    calendar.getAllSubcomponents('vevent').map((vevent) => vevent.getFirstPropertyValue('uid')),
  );
  const [uid] = uids;
  if (uids.size !== 1 || typeof uid !== 'string' || !uid)
    throw new ObjectRefusal(
      'invalid',
      'caldav:valid-calendar-object-resource',
      'A calendar object holds the VEVENTs of one UID: one event, or a series and its exceptions.',
    );
  return uid;
}

/** Matches a file's events by UID alone (the object's name): never by title and start. */
function uidMatcher(objects: CalendarObjects): EventMatcher {
  const taken = new Map<string, number>();
  const idOfUid = (uid: string) => taken.get(uid) ?? objects.idOf(uid);
  return {
    match: (event: FileEvent) => (event.uid ? idOfUid(event.uid) : undefined),
    idOfUid,
    remember(event, id) {
      if (event.uid) taken.set(event.uid, id);
    },
    forget() {},
  };
}

function checkConditions(current: { etag: string } | undefined, conditions: Conditions): void {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifNoneMatch !== undefined && current && (ifNoneMatch === '*' || ifNoneMatch === current.etag))
    throw new ObjectRefusal('stale', undefined, 'The calendar object already exists.');
  if (ifMatch !== undefined && (!current || (ifMatch !== '*' && ifMatch !== current.etag)))
    throw new ObjectRefusal(
      'stale',
      undefined,
      'The calendar object changed since it was read (its ETag is another): read it again.',
    );
}

export type CalendarObjectWrites = ReturnType<typeof createCalendarObjectWrites>;

export function createCalendarObjectWrites(
  deps: ImportDeps & { objects: CalendarObjects; caldav: Pick<CaldavRepo, 'keepAlarms'> },
) {
  const { objects } = deps;
  return {
    /** Creates or replaces the object `uid`; true when it was created. */
    put(
      uid: string,
      text: string,
      conditions: Conditions,
      context: WireContext,
    ): boolean | Promise<boolean> {
      const given = checkedUid(text);
      if (given !== uid)
        throw new ObjectRefusal(
          'invalid',
          'caldav:valid-calendar-object-resource',
          `The object's name must be its UID: PUT it as ${encodeURIComponent(given)}.ics.`,
        );
      const contents = readFile('ics', new TextEncoder().encode(text), {
        defaultZone: context.settings.timezone,
        now: context.now,
      });
      const [problem] = contents.problems;
      if (problem)
        throw new ObjectRefusal(
          'invalid',
          'caldav:valid-calendar-data',
          `${problem.where}: ${problem.message}`,
        );
      return whenWritable(deps.changes, () => {
        // Checked and written in one turn: no other write comes between.
        const current = objects.find(uid, context);
        checkConditions(current, conditions);
        importContents(deps, contents, context, {
          dryRun: false,
          object: { matcher: uidMatcher(objects) },
        });
        if (context.actor) deps.caldav.keepAlarms(context.actor.id, uid, alarmsIn(text));
        return current === undefined;
      });
    },

    /** Moves the object's event or series to the trash. */
    remove(uid: string, conditions: Conditions, context: WireContext): void | Promise<void> {
      return whenWritable(deps.changes, () => {
        const current = objects.find(uid, context);
        const id = objects.idOf(uid);
        if (!current || id === undefined)
          throw new ObjectRefusal('missing', undefined, 'No calendar object has this name.');
        checkConditions(current, conditions);
        deps.events.remove(id, false, context);
      });
    },
  };
}
