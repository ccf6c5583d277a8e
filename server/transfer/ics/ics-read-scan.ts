/**
 * The first pass over an ICS file, before ical.js: checks that BEGIN and END pair up (ical.js
 * only says "component began but did not end", without a line) and cuts the file into its
 * VEVENTs and the rest (VCALENDAR properties, VTIMEZONEs). ical.js then reads one VEVENT at a
 * time: holding the whole parsed tree of a 100k-event file costs more in memory than reading.
 */
import type { Problem } from '../problems.ts';
import { eachContentLine, nameOf, withValueDate } from './ics-read-lines.ts';

export type ScannedVevent = {
  /** The physical line of its BEGIN:VEVENT. */
  line: number;
  /** BEGIN:VEVENT … END:VEVENT as ical.js is to read it. */
  text: string;
  /** Which VCALENDAR of the file it is in. */
  calendar: number;
  /** The UID as written: a series and its overrides are found before ical.js reads them. */
  uid: string | null;
  recurring: boolean;
  override: boolean;
  /** The property lines kept as written, unfolded (not those of its VALARMs). */
  properties: string[];
};

/** `calendars`: the file without its VEVENTs. */
export type ScannedIcs = { calendars: string; vevents: ScannedVevent[] };

type Open = { name: string; line: number };
type Current = { vevent: ScannedVevent; from: number; copied: number; chunks: string[] };

const problem = (line: number, message: string): Problem => ({ line, where: 'file', message });

function misplaced(name: string, value: string, open: Open[], line: number) {
  const top = open.at(-1);
  if (name === 'BEGIN') {
    if (!top && value !== 'VCALENDAR')
      return problem(line, `not an iCalendar file: BEGIN:${value} before BEGIN:VCALENDAR`);
    const again = open.find((component) => component.name === value);
    if (again)
      return problem(
        line,
        `BEGIN:${value} in the ${value} of line ${again.line}, which has no END`,
      );
  } else if (!top) return problem(line, `END:${value} without BEGIN`);
  else if (top.name !== value)
    return problem(line, `END:${value}, but BEGIN:${top.name} of line ${top.line} has no END`);
  return undefined;
}

/** `keep`: which VEVENT property lines (by name) to keep as written. */
export function scanIcs(text: string, keep: (name: string) => boolean): ScannedIcs | Problem {
  const vevents: ScannedVevent[] = [];
  const open: Open[] = [];
  const outside: string[] = [];
  let outsideFrom = 0;
  let calendars = 0;
  let current: Current | undefined;
  let found: Problem | undefined;
  const lastLine = eachContentLine(text, (line, number, from, to) => {
    if (found) return;
    const name = nameOf(line);
    if (line[0] === ' ' || line[0] === '\t' || name.length === line.length) {
      found = problem(number, `not a content line (NAME:value): ${line.slice(0, 60)}`);
    } else if (name === 'BEGIN' || name === 'END') {
      const value = line
        .slice(name.length + 1)
        .trim()
        .toUpperCase();
      found = misplaced(name, value, open, number);
      if (found) return;
      if (name === 'END') open.pop();
      else open.push({ name: value, line: number });
      if (name === 'BEGIN' && value === 'VCALENDAR') calendars += 1;
      if (name === 'BEGIN' && value === 'VEVENT' && open.length === 2) {
        outside.push(text.slice(outsideFrom, from));
        const vevent = {
          line: number,
          text: '',
          calendar: calendars - 1,
          uid: null,
          recurring: false,
          override: false,
          properties: [],
        };
        current = { vevent, from, copied: from, chunks: [] };
      } else if (name === 'END' && current && open.length === 1) {
        const { vevent, chunks, copied } = current;
        vevent.text = chunks.length
          ? [...chunks, text.slice(copied, to)].join('')
          : text.slice(current.from, to);
        vevents.push(vevent);
        current = undefined;
        outsideFrom = to;
      }
    } else if (open.length === 0) {
      found = problem(
        number,
        `a property outside BEGIN:VCALENDAR … END:VCALENDAR: ${line.slice(0, 60)}`,
      );
    } else if (current && open.length === 2) {
      const { vevent } = current;
      if (keep(name)) vevent.properties.push(line);
      if (name === 'UID') vevent.uid = line.slice(line.indexOf(':') + 1).trim() || null;
      if (name === 'RRULE' || name === 'RDATE') vevent.recurring = true;
      if (name === 'RECURRENCE-ID') vevent.override = true;
      const dated = withValueDate(line, name);
      if (dated !== undefined) {
        current.chunks.push(text.slice(current.copied, from), dated);
        current.copied = to;
      }
    }
  });
  if (found) return found;
  const unclosed = open.at(-1);
  if (unclosed)
    return problem(
      unclosed.line,
      `BEGIN:${unclosed.name} has no END: the file ends on line ${lastLine} (cut short?)`,
    );
  if (calendars === 0) return problem(1, 'not an iCalendar file (no BEGIN:VCALENDAR)');
  outside.push(text.slice(outsideFrom));
  return { calendars: outside.join(''), vevents };
}
