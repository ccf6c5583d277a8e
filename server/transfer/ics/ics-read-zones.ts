/**
 * TZIDs as Marquee reads them: IANA names as they are; Windows/Exchange ids, display names,
 * fixed offsets and old path-style ids through ics-zone-names.ts; else the file's own VTIMEZONE;
 * else, rather than refusing the file, the calendar's zone (the import notes it).
 *
 * ical.js converts times only with zones it has a VTIMEZONE for, and takes any other TZID as
 * floating: an UNTIL or EXDATE in UTC would then miss a series' times by the zone's offset. So a
 * zone the file names but does not define gets a VTIMEZONE from timezones-ical-library.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { vtimezoneLines } from './ics-timezones.ts';
import { readZoneName } from './ics-zone-names.ts';

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
  /**
   * Makes the TZID known to ical.js (call before reading times), and says how: `guessed`, a
   * TZID neither IANA, Windows, a display name nor the file's VTIMEZONE names, now read in the
   * calendar's zone; `offset`, a fixed offset (no daylight saving time).
   */
  register(tzid: string): 'known' | 'offset' | 'guessed';
  placeOf(time: ICAL.Time): Place;
};

const DATE: Place = { kind: 'date' };
const FLOATING: Place = { kind: 'floating' };
const INSTANT: Place = { kind: 'instant' };

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
  const how = new Map<string, 'known' | 'offset' | 'guessed'>();
  const wrZone = calendar.getFirstPropertyValue('x-wr-timezone');
  // An X-WR-TIMEZONE that names no zone is ignored: floating times then read in defaultZone.
  const calendarZone = (typeof wrZone === 'string' && readZoneName(wrZone)?.zone) || defaultZone;

  function register(tzid: string): 'known' | 'offset' | 'guessed' {
    const said = how.get(tzid);
    if (said) return said;
    const own = defined.has(tzid);
    // The file's own VTIMEZONE is trusted over a name read from a display name or an offset.
    const named = readZoneName(tzid);
    const reading = own && named && !['iana', 'windows'].includes(named.how) ? undefined : named;
    // A zone nobody can tell (not even the file's VTIMEZONE): the calendar's, as the import
    // then says, rather than refusing the file.
    const iana = reading?.zone ?? (own ? null : calendarZone);
    if (iana && !own) calendar.addSubcomponent(vtimezoneFor(tzid, iana));
    known.set(tzid, iana);
    const answer = reading?.how === 'offset' ? 'offset' : reading || own ? 'known' : 'guessed';
    how.set(tzid, answer);
    return answer;
  }

  function placeOf(time: ICAL.Time): Place {
    if (time.isDate) return DATE;
    const zone = time.zone as ICAL.Timezone | undefined;
    if (zone === ICAL.Timezone.utcTimezone) return INSTANT;
    if (!zone || zone === ICAL.Timezone.localTimezone) return FLOATING;
    const iana = known.get(zone.tzid);
    return iana ? { kind: 'zoned', zone: iana } : INSTANT;
  }

  return { calendarZone, register, placeOf };
}
