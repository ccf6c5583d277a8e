/**
 * TZIDs as Marquee reads them: IANA names as they are, Windows/Exchange names ("W. Europe
 * Standard Time") through windows-iana, old path-style ids ("/mozilla.org/…/Europe/Berlin") by
 * their IANA tail; any other TZID only through the file's own VTIMEZONE.
 *
 * ical.js converts times only with zones it has a VTIMEZONE for, and takes any other TZID as
 * floating: an UNTIL or EXDATE in UTC would then miss a series' times by the zone's offset. So a
 * zone the file names but does not define gets a VTIMEZONE from timezones-ical-library.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { vtimezoneLines } from './ics-timezones.ts';
import { findIana } from 'windows-iana';
import { isValidTimeZone } from '#shared/time/datetime.ts';

/**
 * Where a time's wall clock belongs: a DATE, floating (read in the calendar's zone), in an IANA
 * zone (kept as written), or an instant (UTC, or a zone only the file defines) that is shown in
 * the calendar's zone.
 */
export type Place =
  { kind: 'date' } | { kind: 'floating' } | { kind: 'zoned'; zone: string } | { kind: 'instant' };

export type Zones = {
  /** X-WR-TIMEZONE when the calendar has a readable one, else the importing calendar's zone. */
  calendarZone: string;
  /** False when the TZID is unknown; else makes it known to ical.js. Call before reading times. */
  prepare(tzid: string): boolean;
  placeOf(time: ICAL.Time): Place;
};

const DATE: Place = { kind: 'date' };
const FLOATING: Place = { kind: 'floating' };
const INSTANT: Place = { kind: 'instant' };

function ianaZoneOf(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (isValidTimeZone(name)) return name;
  const windows = findIana(name)[0];
  if (windows) return windows;
  const parts = name.split('/');
  for (let from = 1; from < parts.length - 1; from += 1) {
    const tail = parts.slice(from).join('/');
    if (isValidTimeZone(tail)) return tail;
  }
  return undefined;
}

/**
 * A VTIMEZONE for `iana` under the file's own TZID. Should the library lack the zone, one with
 * its offset of today: nearer than floating, and ical.js finds a zone for the TZID instead of
 * searching the calendar's components for one at every time it reads.
 */
function vtimezoneFor(tzid: string, iana: string): ICAL.Component {
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: iana }).resolvedOptions().timeZone;
  let block = (vtimezoneLines(iana) ?? vtimezoneLines(canonical))?.join('\r\n');
  if (!block) {
    const offset = DateTime.now().setZone(iana).toFormat('ZZZ');
    block = [
      ...['BEGIN:VTIMEZONE', 'TZID:fixed', 'BEGIN:STANDARD', 'DTSTART:19700101T000000'],
      ...[`TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD', 'END:VTIMEZONE'],
    ].join('\r\n');
  }
  const component = new ICAL.Component(ICAL.parse(block) as unknown[]);
  component.updatePropertyWithValue('tzid', tzid);
  return component;
}

export function zonesOf(calendar: ICAL.Component, defaultZone: string): Zones {
  const defined = new Set(
    calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => String(zone.getFirstPropertyValue('tzid'))),
  );
  /** TZID → IANA zone, or null when only the file's VTIMEZONE tells what it is. */
  const known = new Map<string, string | null>();
  const unknown = new Set<string>();
  const wrZone = calendar.getFirstPropertyValue('x-wr-timezone');
  // An X-WR-TIMEZONE that names no zone is ignored: floating times then read in defaultZone.
  const calendarZone = (typeof wrZone === 'string' && ianaZoneOf(wrZone)) || defaultZone;

  function prepare(tzid: string): boolean {
    if (known.has(tzid)) return true;
    if (unknown.has(tzid)) return false;
    const iana = ianaZoneOf(tzid);
    if (iana && !defined.has(tzid)) calendar.addSubcomponent(vtimezoneFor(tzid, iana));
    if (!iana && !defined.has(tzid)) {
      unknown.add(tzid);
      return false;
    }
    known.set(tzid, iana ?? null);
    return true;
  }

  function placeOf(time: ICAL.Time): Place {
    if (time.isDate) return DATE;
    const zone = time.zone as ICAL.Timezone | undefined;
    if (zone === ICAL.Timezone.utcTimezone) return INSTANT;
    if (!zone || zone === ICAL.Timezone.localTimezone) return FLOATING;
    const iana = known.get(zone.tzid);
    return iana ? { kind: 'zoned', zone: iana } : INSTANT;
  }

  return { calendarZone, prepare, placeOf };
}
