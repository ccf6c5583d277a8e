/**
 * The words of ICS files the first pass (ics-read-scan.ts) tells components and lines by, and
 * what it answers.
 */
import type { ImportNotes } from '../import-notes.ts';
import type { ProblemList } from '../problems.ts';
import type { ScannedVevent } from './ics-scan-vevent.ts';

/**
 * Components a file may hold without a VCALENDAR around them (some tools export bare VEVENTs
 * and VTODOs): read as if in one calendar.
 */
export const BARE_COMPONENTS = new Set(['VEVENT', 'VTODO', 'VJOURNAL']);
export const IMPLICIT_CALENDAR =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bare components//EN\r\n';
/** Calendar components that are not events: counted, so the import can say it left them out. */
export const IGNORED_COMPONENTS = new Set(['VTODO', 'VJOURNAL', 'VFREEBUSY']);

/** Components that belong right in the VCALENDAR (RFC 5545 §3.6): one begun ends what is open. */
export const CALENDAR_COMPONENTS = new Set([
  'VEVENT',
  'VTODO',
  'VJOURNAL',
  'VFREEBUSY',
  'VTIMEZONE',
]);

/** Only line breaks and blanks from `from` to `to` (a sticky regex: no copy of the text). */
const BLANKS = /[\r\n\t ]*/y;
export function onlyBlanks(text: string, from: number, to: number): boolean {
  BLANKS.lastIndex = from;
  BLANKS.test(text);
  return BLANKS.lastIndex >= to;
}

export const isContentLine = (line: string, name: string) =>
  line[0] !== ' ' && line[0] !== '\t' && name.length < line.length;

/**
 * `calendars`: the file without its VEVENTs and the lines it cannot read, none when it is no
 * calendar at all. `broken`: BEGIN and END do not pair up or a line cannot be read, so none of
 * its events is to be imported; its complete VEVENTs are still read, for their problems.
 */
export type ScannedIcs = {
  calendars: string | undefined;
  vevents: ScannedVevent[];
  problems: ProblemList;
  broken: boolean;
  /** Complete VEVENTs left out for the problems of their values (not given to ical.js). */
  refused: number;
  /** To-dos and journal entries (and other components Marquee has no records for), by name. */
  ignored: Map<string, number>;
  /** Lines read as they are meant (ics-read-repairs.ts), each said on its line. */
  repairs: ImportNotes;
  /**
   * Lines that are no content line inside a component (a quoted-printable tail,
   * `X-APPLE-RADIUS=…`) and components outside the VCALENDAR (a VALARM, a VTIMEZONE): left out.
   * The reader says so in notes when it reads events, and refuses the file (these as its
   * problems) when nothing in it could be read.
   */
  skipped: ProblemList;
};
