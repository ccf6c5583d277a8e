/**
 * One VEVENT as the first pass over an ICS file (ics-read-scan.ts) keeps it: where it is, its
 * text for ical.js, its UID and SUMMARY as written, and its time and recurrence lines checked
 * (ics-read-values.ts), repaired (ics-read-repairs.ts) or given VALUE=DATE where they need it.
 */
import type { ImportNotes } from '../import-notes.ts';
import { ProblemList } from '../problems.ts';
import { withValueDate } from './ics-read-lines.ts';
import { repairedLine } from './ics-read-repairs.ts';
import { CHECKED_PROPERTIES, valueProblem } from './ics-read-values.ts';

export type ScannedVevent = {
  /** The physical line of its BEGIN:VEVENT. */
  line: number;
  /** Its span in the file, BEGIN to END: looked at line by line when ical.js cannot read it. */
  from: number;
  to: number;
  /** BEGIN:VEVENT … END:VEVENT as ical.js is to read it. */
  text: string;
  /** Which VCALENDAR of the file it is in. */
  calendar: number;
  /** The UID as written: a series and its overrides are found before ical.js reads them. */
  uid: string | null;
  /** The SUMMARY as written (unescaped enough to name the event in a problem). */
  summary: string | null;
  recurring: boolean;
  override: boolean;
  /** The property lines kept as written, unfolded (not those of its VALARMs). */
  properties: string[];
  /** The physical lines of its time and recurrence properties, by name: where their problems go. */
  lines: Map<string, number[]>;
};

/**
 * How problems and notes of a VEVENT name it: by its UID, else by its SUMMARY (a file without
 * UIDs still says which event), else by its line alone.
 */
export const whereOfVevent = ({ uid, summary }: Pick<ScannedVevent, 'uid' | 'summary'>) =>
  uid ? `VEVENT ${uid}` : summary ? `VEVENT "${summary.slice(0, 60)}"` : 'VEVENT';

/** The VEVENT being scanned: its text copied so far, and its problems until its UID is known. */
export type Current = {
  vevent: ScannedVevent;
  copied: number;
  chunks: string[];
  /** Placed with the VEVENT's UID once it ends: the UID may come after them. */
  problems: ProblemList;
  skipped: ProblemList;
};

/** A VEVENT that begins on `line` at offset `from`, in the file's `calendar`th VCALENDAR. */
export function newScan(line: number, from: number, calendar: number): Current {
  const vevent: ScannedVevent = {
    line,
    from,
    to: from,
    text: '',
    calendar,
    uid: null,
    summary: null,
    recurring: false,
    override: false,
    properties: [],
    lines: new Map(),
  };
  const lists = { problems: new ProblemList(), skipped: new ProblemList() };
  return { vevent, copied: from, chunks: [], ...lists };
}

/** What reading a VEVENT's property needs of the scan. */
type PropertyScan = {
  text: string;
  /** Which property lines (by name) to keep as written. */
  keep: (name: string) => boolean;
  repairs: ImportNotes;
  report: (line: number, message: string) => void;
};

/** A property of the VEVENT being scanned (not of its VALARMs). */
export function veventProperty(
  { text, keep, repairs, report }: PropertyScan,
  scan: Current,
  name: string,
  line: string,
  number: number,
  span: [number, number],
) {
  const { vevent } = scan;
  const repair = repairedLine(name, line);
  if (repair) {
    repairs.add({ line: number, where: whereOfVevent(vevent), ...repair.note });
    line = repair.line;
  }
  if (keep(name)) vevent.properties.push(line);
  if (name === 'UID') vevent.uid = line.slice(line.indexOf(':') + 1).trim() || null;
  if (name === 'SUMMARY')
    vevent.summary =
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\\(.)/g, '$1')
        .trim() || null;
  if (name === 'RRULE' || name === 'RDATE') vevent.recurring = true;
  if (name === 'RECURRENCE-ID') vevent.override = true;
  if (!CHECKED_PROPERTIES.has(name)) return;
  const lines = vevent.lines.get(name);
  if (lines) lines.push(number);
  else vevent.lines.set(name, [number]);
  const dated = withValueDate(line, name);
  const problem = valueProblem(name, dated ?? line);
  if (problem) return report(number, problem);
  if (dated === undefined && !repair) return;
  scan.chunks.push(text.slice(scan.copied, span[0]), dated ?? line);
  scan.copied = span[1];
}
