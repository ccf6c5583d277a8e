/**
 * Reads an ICS file (RFC 5545) into FileEvents for calendar import: one per VEVENT, series
 * expanded into their occurrences. A file that cannot be parsed gives problems and no events;
 * a VEVENT that cannot be read gives a problem on its BEGIN line and the others are still read
 * (the caller refuses the import if there is any problem). VALARMs and other components inside
 * a VEVENT are ignored, and so are VTODOs and VJOURNALs: Marquee has events only.
 */
import ICAL from 'ical.js';
import type { FileEvent } from '../file-records.ts';
import type { Problem } from '../problems.ts';
import { isKeptAsWritten } from './ics-read-fields.ts';
import { icsText, lineOfParseError } from './ics-read-lines.ts';
import { scanIcs, type ScannedVevent } from './ics-read-scan.ts';
import { eventsOfVevent, type Vevent } from './ics-read-vevent.ts';
import { zonesOf } from './ics-read-zones.ts';

export type IcsReadOptions = {
  /** The calendar's IANA zone: floating times without X-WR-TIMEZONE are read in it. */
  defaultZone: string;
  /** For the recurrence window. */
  now: Date;
  /** Series are expanded up to now + this many years (default 2). */
  windowYears?: number;
  /** Occurrences read per series (default 1000). */
  maxOccurrences?: number;
};

export type IcsContents = { events: FileEvent[]; problems: Problem[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function windowOf({ now, windowYears = 2, maxOccurrences = 1000 }: IcsReadOptions) {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + windowYears);
  return { until: ICAL.Time.fromJSDate(until, true), max: maxOccurrences };
}

/** ical.js returns one component, or an array when the file has several VCALENDARs. */
function calendarsOf(text: string): ICAL.Component[] {
  const parsed = ICAL.parse(text) as unknown[];
  const roots = Array.isArray(parsed[0]) ? (parsed as unknown[][]) : [parsed];
  return roots.map((jcal) => new ICAL.Component(jcal));
}

const whereOf = (uid: string | null) => (uid ? `VEVENT ${uid}` : 'VEVENT');

/** ical.js's reading of one VEVENT, or a problem on the line it cannot parse. */
function parseVevent(scanned: ScannedVevent, calendar?: ICAL.Component): Vevent | Problem {
  try {
    const component = new ICAL.Component(ICAL.parse(scanned.text) as unknown[], calendar);
    const uid: unknown = component.getFirstPropertyValue('uid');
    const known = typeof uid === 'string' && uid.trim() ? uid.trim() : null;
    return { component, lines: scanned, uid: known };
  } catch (error) {
    const line = scanned.line - 1 + (lineOfParseError(scanned.text) ?? 1);
    return { line, where: whereOf(scanned.uid), message: messageOf(error) };
  }
}

export function readIcs(input: string | Uint8Array, options: IcsReadOptions): IcsContents {
  const text = icsText(input);
  const scanned = scanIcs(text, isKeptAsWritten);
  if ('message' in scanned) return { events: [], problems: [scanned] };
  let calendars: ICAL.Component[];
  try {
    calendars = calendarsOf(scanned.calendars);
  } catch (error) {
    const problem = { line: lineOfParseError(text), where: 'file', message: messageOf(error) };
    return { events: [], problems: [problem] };
  }
  const zones = calendars.map((calendar) => zonesOf(calendar, options.defaultZone));
  const window = windowOf(options);
  const { events, problems }: IcsContents = { events: [], problems: [] };
  let unparsed = false;
  const parse = (vevent: ScannedVevent) => {
    const parsed = parseVevent(vevent, calendars[vevent.calendar]);
    if (!('message' in parsed)) return parsed;
    problems.push(parsed);
    unparsed = true;
    return undefined;
  };

  // A series' overrides are read first: they may come after it in the file.
  const seriesKey = ({ calendar, uid }: ScannedVevent) => `${calendar} ${uid}`;
  const series = new Set(
    scanned.vevents.filter((each) => each.recurring && !each.override && each.uid).map(seriesKey),
  );
  const isOverride = (each: ScannedVevent) => each.override && series.has(seriesKey(each));
  const overridesOf = new Map<string, Vevent[]>();
  for (const override of scanned.vevents.filter(isOverride)) {
    const vevent = parse(override);
    const key = seriesKey(override);
    if (!vevent) continue;
    const list = overridesOf.get(key);
    if (list) list.push(vevent);
    else overridesOf.set(key, [vevent]);
  }
  for (const each of scanned.vevents) {
    const vevent = isOverride(each) ? undefined : parse(each);
    const calendarZones = zones[each.calendar];
    if (!vevent || !calendarZones) continue;
    const overrides = each.recurring && !each.override ? overridesOf.get(seriesKey(each)) : [];
    try {
      events.push(...eventsOfVevent(vevent, overrides ?? [], calendarZones, window));
    } catch (error) {
      problems.push({ line: each.line, where: whereOf(vevent.uid), message: messageOf(error) });
    }
  }
  return { events: unparsed ? [] : events, problems };
}
