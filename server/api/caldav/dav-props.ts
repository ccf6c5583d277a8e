/**
 * The properties of the CalDAV door's resources (RFC 4918, 4791, 5397, 6578, and Apple's and
 * CalendarServer's extensions phones read): the principal (the token's user), the one calendar
 * home, the one calendar, and its objects. A PROPFIND gets the ones it names (404 for others),
 * or all of them for `allprop` / an empty body.
 */
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import { APPLE, CALDAV, CALSERVER, DAV, element, type XmlElement } from './dav-xml.ts';

export const PATHS = {
  root: '/dav/',
  principal: '/dav/principal/',
  home: '/dav/calendars/',
  calendar: '/dav/calendars/events/',
} as const;

/** The calendar's colour on phones: the editor's accent. */
const CALENDAR_COLOR = '#C2410CFF';

/** An object's path: its UID, `@` and all, in one path segment. */
export const objectPath = (uid: string) =>
  `${PATHS.calendar}${encodeURIComponent(uid).replaceAll('%40', '@')}.ics`;

export type Props = Map<string, XmlElement>;

const key = (ns: string, name: string) => `${ns} ${name}`;

function props(list: XmlElement[]): Props {
  return new Map(list.map((prop) => [key(prop.ns, prop.name), prop]));
}

const href = (path: string) => element(DAV, 'href', path);

/** What every collection of the door says of who is asking. */
function principalProps(caller: Principal): XmlElement[] {
  return [
    element(DAV, 'current-user-principal', [href(PATHS.principal)]),
    element(DAV, 'principal-URL', [href(PATHS.principal)]),
    element(CALDAV, 'calendar-home-set', [href(PATHS.home)]),
    element(DAV, 'owner', [href(PATHS.principal)]),
    element(DAV, 'supported-report-set', [
      ...['calendar-query', 'calendar-multiget'].map((name) =>
        element(DAV, 'supported-report', [element(DAV, 'report', [element(CALDAV, name)])]),
      ),
      element(DAV, 'supported-report', [element(DAV, 'report', [element(DAV, 'sync-collection')])]),
    ]),
    element(
      DAV,
      'current-user-privilege-set',
      [
        'read',
        ...(can.createPosts(caller) ? ['write', 'write-content', 'bind', 'unbind'] : []),
      ].map((name) => element(DAV, 'privilege', [element(DAV, name)])),
    ),
  ];
}

export function rootProps(caller: Principal, principal: boolean): Props {
  return props([
    element(DAV, 'resourcetype', [
      element(DAV, 'collection'),
      ...(principal ? [element(DAV, 'principal')] : []),
    ]),
    element(DAV, 'displayname', caller.name),
    ...principalProps(caller),
  ]);
}

export function homeProps(caller: Principal, name: string): Props {
  return props([
    element(DAV, 'resourcetype', [element(DAV, 'collection')]),
    element(DAV, 'displayname', name),
    ...principalProps(caller),
  ]);
}

export function calendarProps(
  caller: Principal,
  calendar: { name: string; timezone: string; token: string },
): Props {
  return props([
    element(DAV, 'resourcetype', [element(DAV, 'collection'), element(CALDAV, 'calendar')]),
    element(DAV, 'displayname', calendar.name),
    element(APPLE, 'calendar-color', CALENDAR_COLOR),
    element(CALDAV, 'supported-calendar-component-set', [
      element(CALDAV, 'comp', [], { name: 'VEVENT' }),
    ]),
    element(CALDAV, 'supported-calendar-data', [
      element(CALDAV, 'calendar-data', [], { 'content-type': 'text/calendar', version: '2.0' }),
    ]),
    element(CALDAV, 'calendar-timezone-id', calendar.timezone),
    element(CALSERVER, 'getctag', calendar.token),
    element(DAV, 'sync-token', calendar.token),
    ...principalProps(caller),
  ]);
}

export function objectProps(object: { etag: string; ics?: string }, withData: boolean): Props {
  return props([
    element(DAV, 'resourcetype'),
    element(DAV, 'getetag', object.etag),
    element(DAV, 'getcontenttype', 'text/calendar; charset=utf-8; component=VEVENT'),
    ...(withData && object.ics !== undefined ? [element(CALDAV, 'calendar-data', object.ics)] : []),
  ]);
}

const stat = (list: XmlElement[], status: string) =>
  element(DAV, 'propstat', [
    element(DAV, 'prop', list),
    element(DAV, 'status', `HTTP/1.1 ${status}`),
  ]);

/** A PROPPATCH's answer: no property of the door's resources is the client's to set. */
export const refusedProps = (asked: readonly XmlElement[]) => [
  stat(
    asked.map((prop) => element(prop.ns, prop.name)),
    '403 Forbidden',
  ),
];

/** The asked-for properties of a resource: those it has (200) and those it has not (404). */
export function propstats(available: Props, asked: readonly XmlElement[] | 'all'): XmlElement[] {
  const found: XmlElement[] = [];
  const missing: XmlElement[] = [];
  if (asked === 'all') found.push(...available.values());
  else
    for (const prop of asked) {
      const value = available.get(key(prop.ns, prop.name));
      if (value) found.push(value);
      else missing.push(element(prop.ns, prop.name));
    }
  return [
    ...(found.length > 0 || missing.length === 0 ? [stat(found, '200 OK')] : []),
    ...(missing.length > 0 ? [stat(missing, '404 Not Found')] : []),
  ];
}

export const response = (path: string, body: XmlElement[]) =>
  element(DAV, 'response', [href(path), ...body]);

export const goneResponse = (path: string) =>
  element(DAV, 'response', [href(path), element(DAV, 'status', 'HTTP/1.1 404 Not Found')]);
