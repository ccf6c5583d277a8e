/**
 * Reads an ICS file (RFC 5545) into FileEvents for calendar import: one per VEVENT, a recurring
 * one as a series (or, for a rule a series cannot hold, as its occurrences). Every problem found in one pass is named, on the physical
 * line of the property (or component) at fault and with its VEVENT's UID: the BEGIN/END that do
 * not pair up, the lines ical.js cannot read, the bad values of every VEVENT, a file cut short.
 * A file whose structure or lines are broken gives no events; a VEVENT that cannot be read
 * gives its problems and the others are still read (the caller refuses the import if there is
 * any problem, or skips those VEVENTs when asked to and the file itself is whole: `whole`).
 * VALARMs and other components inside a VEVENT are ignored, and so are VTODOs and VJOURNALs
 * (Marquee has events only; the notes say how many). What the import reads without the file
 * saying it outright (a title, a zone it cannot know, older occurrences of a long series it
 * does not make) is in `notes`.
 */
import ICAL from 'ical.js';
import type { FileEvent } from '../file-records.ts';
import type { Problem } from '#shared/schemas/transfer.ts';
import { ProblemList } from '../problems.ts';
import { isKeptAsWritten } from './ics-read-fields.ts';
import { eachUnreadableLine, icsText } from './ics-read-lines.ts';
import { scanIcs } from './ics-read-scan.ts';
import { whereOfVevent, type ScannedVevent } from './ics-scan-vevent.ts';
import { eventsOfVevent, VeventError, type Vevent } from './ics-read-vevent.ts';
import { zonesOf } from './ics-read-zones.ts';
import type { ImportNotes } from '../import-notes.ts';
import type { ImportNote } from '#shared/schemas/transfer.ts';

export type IcsReadOptions = {
  /** The calendar's IANA zone: floating times without X-WR-TIMEZONE are read in it. */
  defaultZone: string;
  /** For the recurrence window. */
  now: Date;
  /** Series are expanded up to now + this many years (default 2). */
  windowYears?: number;
  /** Occurrences read of a rule a series cannot hold, each an event (default 1000). */
  maxOccurrences?: number;
  /** Events read of the whole file before it is refused (default MAX_READ_EVENTS). */
  maxEvents?: number;
};

/**
 * The most events a file is read into: one import writes at most 200,000 records
 * (import-file.ts), and a file of hourly rules would otherwise make 1,000 events of each
 * VEVENT in memory before that is found. A bound of work, not of time: the same file gets
 * the same answer on any machine.
 */
const MAX_READ_EVENTS = 200_000;

/**
 * `problems`: the first ones in file order; `moreProblems`: how many more were found. `whole`:
 * the file's structure is sound, so its problems are those of single VEVENTs (left out of
 * `events`), which an import may skip.
 */
type IcsContents = {
  events: FileEvent[];
  problems: Problem[];
  moreProblems: number;
  notes: ImportNote[];
  whole: boolean;
  /** VEVENTs left out for their problems (those a skipping import goes on without). */
  broken: number;
};

const COMPONENT_WORDS: Record<string, string> = {
  VTODO: 'to-dos',
  VJOURNAL: 'journal entries',
  VFREEBUSY: 'free/busy times',
};

/** Says what was left out (to-dos, journal entries) and which events got "(untitled)". */
function noteFile(notes: ImportNotes, ignored: Map<string, number>, events: FileEvent[]) {
  if (ignored.size > 0) {
    const params = Object.fromEntries(
      [...ignored].map(([name, count]) => [name.toLowerCase(), count]),
    );
    const said = [...ignored].map(([name, count]) => `${count} ${COMPONENT_WORDS[name] ?? name}`);
    notes.add({
      where: 'file',
      key: 'ignoredComponents',
      params: { vtodo: 0, vjournal: 0, vfreebusy: 0, ...params },
      message: `left out: ${said.join(', ')} (Marquee keeps events only)`,
    });
  }
  const untitled = events.filter((event) => event.untitled && event.recurrenceId === undefined);
  const first = untitled[0];
  if (first)
    notes.add({
      line: first.line,
      where: 'file',
      key: 'untitled',
      params: { count: untitled.length },
      message: `${untitled.length} event${untitled.length === 1 ? ' has' : 's have'} no SUMMARY: imported as "(untitled)"`,
    });
}

/**
 * Lines and components the scan left out: notes beside the events read, or, when nothing could
 * be read, the file's problems (a file of junk lines is refused, naming them).
 */
function noteSkipped(skipped: ProblemList, into: ImportNotes | ProblemList) {
  for (const { line, where, message } of skipped.kept) {
    if (into instanceof ProblemList) {
      into.add({ line, where, message });
      continue;
    }
    const component = /^BEGIN:(\S+)/.exec(message)?.[1];
    into.add({
      line,
      where,
      key: component ? 'skippedComponent' : 'skippedLine',
      params: component
        ? { name: component }
        : { text: message.replace(/^not a content line \(NAME:value\): /, '') },
      message: `${message}: skipped`,
    });
  }
  if (into instanceof ProblemList) into.addUnkept(skipped.more);
}

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

/**
 * ical.js's reading of one VEVENT, or undefined and the problems of the lines it cannot parse
 * in `problems` (read again from the file, where their physical lines are known).
 */
function parseVevent(
  scanned: ScannedVevent,
  text: string,
  problems: ProblemList,
  calendar?: ICAL.Component,
): Vevent | undefined {
  try {
    const component = new ICAL.Component(ICAL.parse(scanned.text) as unknown[], calendar);
    const uid: unknown = component.getFirstPropertyValue('uid');
    const known = typeof uid === 'string' && uid.trim() ? uid.trim() : null;
    return { component, lines: scanned, uid: known };
  } catch (error) {
    const where = whereOfVevent(scanned);
    const found = eachUnreadableLine(
      text.slice(scanned.from, scanned.to),
      scanned.line,
      (line, message) => problems.add({ line, where, message }),
    );
    if (found === 0) problems.add({ line: scanned.line, where, message: messageOf(error) });
    return undefined;
  }
}

export function readIcs(input: string | Uint8Array, options: IcsReadOptions): IcsContents {
  const text = icsText(input);
  const scanned = scanIcs(text, isKeptAsWritten);
  const { problems } = scanned;
  // The scan's notes (lines read as meant), then the reading's.
  const notes = scanned.repairs;
  let unparsed = scanned.broken;
  // VEVENTs left out for their problems: by the scan (their values), then by the reading.
  let broken = scanned.refused;
  const done = (events: FileEvent[]) => {
    noteFile(notes, scanned.ignored, events);
    noteSkipped(scanned.skipped, events.length > 0 ? notes : problems);
    return {
      events,
      problems: problems.kept,
      moreProblems: problems.more,
      notes: notes.list,
      whole: !unparsed && scanned.calendars !== undefined,
      broken,
    };
  };
  if (scanned.calendars === undefined) return done([]);
  let calendars: ICAL.Component[];
  try {
    calendars = calendarsOf(scanned.calendars);
  } catch (error) {
    // The scan left out every line ical.js could not read: this is a last resort.
    problems.add({ where: 'file', message: messageOf(error) });
    unparsed = true;
    return done([]);
  }
  const zones = calendars.map((calendar) => zonesOf(calendar, options.defaultZone));
  const window = windowOf(options);
  const events: FileEvent[] = [];
  const parse = (vevent: ScannedVevent) => {
    const parsed = parseVevent(vevent, text, problems, calendars[vevent.calendar]);
    if (!parsed) unparsed = true;
    return parsed;
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
  const maxEvents = options.maxEvents ?? MAX_READ_EVENTS;
  for (const each of scanned.vevents) {
    if (events.length > maxEvents) {
      problems.add({
        line: each.line,
        where: 'file',
        message: `the file makes more than ${maxEvents} events (with the occurrences of its rules): one import takes at most ${maxEvents}: split it`,
      });
      unparsed = true;
      break;
    }
    const vevent = isOverride(each) ? undefined : parse(each);
    const calendarZones = zones[each.calendar];
    if (!vevent || !calendarZones) continue;
    const overrides = each.recurring && !each.override ? overridesOf.get(seriesKey(each)) : [];
    try {
      events.push(...eventsOfVevent(vevent, overrides ?? [], calendarZones, window, notes));
    } catch (error) {
      const at = error instanceof VeventError ? error : undefined;
      const where = whereOfVevent(at?.vevent ?? vevent.lines);
      problems.add({ line: at?.line ?? each.line, where, message: messageOf(error) });
      broken += 1;
    }
  }
  return done(unparsed ? [] : events);
}
