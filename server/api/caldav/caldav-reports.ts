/**
 * CalDAV's REPORTs: calendar-query (RFC 4791 §7.8, with a VEVENT time-range: a series matches
 * when one of its occurrences does), calendar-multiget (§7.9) and sync-collection (RFC 6578).
 * Each answers a multistatus of objects with the properties the report asks for.
 */
import { DateTime } from 'luxon';
import type { WireContext } from '../../http/wire-context.ts';
import type { CalendarChanges } from '../../transfer/caldav/calendar-changes.ts';
import type { CalendarObjects, ObjectText } from '../../transfer/caldav/calendar-objects.ts';
import { DavError } from './dav-error.ts';
import { goneResponse, objectPath, objectProps, PATHS, propstats, response } from './dav-props.ts';
import { CALDAV, childOf, childrenOf, DAV, element, type XmlElement } from './dav-xml.ts';

type ReportDeps = { objects: CalendarObjects; changes: CalendarChanges };

/** The properties a report asks for (all of an object's, without a prop element). */
function askedProps(report: XmlElement): readonly XmlElement[] | 'all' {
  const prop = childOf(report, DAV, 'prop');
  return prop ? prop.children : 'all';
}

function objectResponses(objects: Iterable<ObjectText>, asked: readonly XmlElement[] | 'all') {
  return [...objects].map((object) =>
    response(objectPath(object.uid), propstats(objectProps(object, true), asked)),
  );
}

/** An object's UID from its path (undefined: not an object of this calendar). */
export function uidOfPath(path: string): string | undefined {
  if (!path.startsWith(PATHS.calendar) || !path.endsWith('.ics')) return undefined;
  const name = path.slice(PATHS.calendar.length, -'.ics'.length);
  if (!name || name.includes('/')) return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return undefined;
  }
}

/** A time-range bound (UTC, `20261101T000000Z`) as a wall time in the calendar's zone. */
function wallTime(value: string | undefined, zone: string, fallback: string): string {
  if (!value) return fallback;
  const time = DateTime.fromFormat(value, "yyyyMMdd'T'HHmmss'Z'", { zone: 'utc' });
  if (!time.isValid)
    throw new DavError(400, 'caldav:valid-filter', `"${value}" is not a UTC date-time.`);
  return time.setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');
}

function calendarQuery(report: XmlElement, deps: ReportDeps, context: WireContext) {
  const calendar = childOf(childOf(report, CALDAV, 'filter'), CALDAV, 'comp-filter');
  const components = childrenOf(calendar, CALDAV, 'comp-filter');
  // A query for to-dos or journals: this calendar holds none.
  if (components.some((component) => component.attributes.name?.toUpperCase() !== 'VEVENT'))
    return [];
  const range = childOf(components[0], CALDAV, 'time-range');
  const asked = askedProps(report);
  // A search by UID (python3-caldav's event_by_uid): the object of that UID, found directly.
  const byUid = childrenOf(components[0], CALDAV, 'prop-filter').find(
    (filter) => filter.attributes.name?.toUpperCase() === 'UID',
  );
  const uid = childOf(byUid, CALDAV, 'text-match')?.text;
  if (uid) return objectResponses([deps.objects.find(uid, context) ?? []].flat(), asked);
  if (!range) return objectResponses(deps.objects.all(context), asked);
  const zone = context.settings.timezone;
  const from = wallTime(range.attributes.start, zone, '1900-01-01 00:00:00');
  const to = wallTime(range.attributes.end, zone, '2199-12-31 23:59:59');
  return objectResponses(deps.objects.inRange(from, to, context), asked);
}

function multiget(report: XmlElement, deps: ReportDeps, context: WireContext) {
  const asked = askedProps(report);
  return childrenOf(report, DAV, 'href').map(({ text }) => {
    const uid = uidOfPath(new URL(text, 'http://x').pathname);
    const object = uid === undefined ? undefined : deps.objects.find(uid, context);
    return object
      ? response(objectPath(object.uid), propstats(objectProps(object, true), asked))
      : goneResponse(text);
  });
}

function syncCollection(report: XmlElement, deps: ReportDeps, context: WireContext) {
  const given = childOf(report, DAV, 'sync-token')?.text ?? '';
  const asked = askedProps(report);
  // No token: the whole calendar, and the token it is at (RFC 6578 §3.4).
  if (!given) {
    const token = deps.changes.token();
    return { responses: objectResponses(deps.objects.all(context), asked), token };
  }
  const after = deps.changes.revisionOf(given);
  if (after === undefined)
    throw new DavError(
      403,
      'dav:valid-sync-token',
      'This sync token is not one this calendar can answer from: sync again without one.',
    );
  const { changed, gone, token } = deps.changes.since(after, context);
  return {
    responses: [
      ...objectResponses(changed, asked),
      ...gone.map((uid) => goneResponse(objectPath(uid))),
    ],
    token,
  };
}

/** The multistatus a REPORT on the calendar answers. */
export function calendarReport(
  report: XmlElement,
  deps: ReportDeps,
  context: WireContext,
): XmlElement {
  const multistatus = (children: XmlElement[]) => element(DAV, 'multistatus', children);
  if (report.ns === CALDAV && report.name === 'calendar-query')
    return multistatus(calendarQuery(report, deps, context));
  if (report.ns === CALDAV && report.name === 'calendar-multiget')
    return multistatus(multiget(report, deps, context));
  if (report.ns === DAV && report.name === 'sync-collection') {
    const { responses, token } = syncCollection(report, deps, context);
    return multistatus([...responses, element(DAV, 'sync-token', token)]);
  }
  throw new DavError(
    403,
    'dav:supported-report',
    `This calendar answers calendar-query, calendar-multiget and sync-collection, not ${report.name}.`,
  );
}
