/**
 * The first pass over an ICS file, before ical.js: checks that BEGIN and END pair up (ical.js
 * only says "component began but did not end", without a line), checks each VEVENT's time and
 * recurrence values as written (ics-read-values.ts), and cuts the file into its VEVENTs and the
 * rest (VCALENDAR properties, VTIMEZONEs). ical.js then reads one VEVENT at a time: holding the
 * whole parsed tree of a 100k-event file costs more in memory than reading.
 *
 * The scan goes on past a problem so that one pass names them all: a line it cannot read is left
 * out, a component without END ends where the next one begins (or where the file ends), and a
 * VEVENT with a problem is not given to ical.js. Only a file that does not begin as a calendar,
 * or text after its last END:VCALENDAR, stops the scan there. A file of bare VEVENTs, VTODOs and
 * VJOURNALs (no VCALENDAR around them) is read as one calendar; to-dos and journal entries are
 * counted in `ignored`, for the import to say it left them out. What the scan keeps of each
 * VEVENT, and how it reads a VEVENT's property, is ics-scan-vevent.ts's.
 */
import ICAL from 'ical.js';
import { ProblemList } from '../problems.ts';
import { eachContentLine, nameOf } from './ics-read-lines.ts';
import {
  BARE_COMPONENTS,
  CALENDAR_COMPONENTS,
  IGNORED_COMPONENTS,
  IMPLICIT_CALENDAR,
  isContentLine,
  onlyBlanks,
  type ScannedIcs,
} from './ics-scan-words.ts';
import { ImportNotes } from '../import-notes.ts';
import {
  newScan,
  veventProperty,
  whereOfVevent,
  type Current,
  type ScannedVevent,
} from './ics-scan-vevent.ts';

type Open = { name: string; line: number; from: number; implicit?: boolean };

/** `keep`: which VEVENT property lines (by name) to keep as written. */
export function scanIcs(text: string, keep: (name: string) => boolean): ScannedIcs {
  const vevents: ScannedVevent[] = [];
  const problems = new ProblemList();
  const open: Open[] = [];
  const outside: string[] = [];
  let outsideFrom = 0;
  let calendars = 0;
  let lastEnd = 0;
  let current: Current | undefined;
  let stoppedAt: number | undefined;
  let broken = false;
  let refused = 0;
  const ignored = new Map<string, number>();
  const repairs = new ImportNotes();
  const skipped = new ProblemList();
  /** A component outside the VCALENDAR being skipped, and how deep in it the scan is. */
  let stray: { name: string; line: number; from: number; depth: number } | undefined;

  /** A problem in the VEVENT being scanned is its own; any other is the file's. */
  const report = (line: number, message: string) => {
    if (current) current.problems.add({ line, where: '', message });
    else problems.add({ line, where: 'file', message });
  };
  const structural = (line: number, message: string) => {
    broken = true;
    report(line, message);
  };
  /**
   * Keeps a line ical.js cannot read out of the calendar's text (a VEVENT's is not read). Only
   * line breaks between such lines are dropped, not kept as a slice each: a file of a million
   * junk lines must not make a million slices.
   */
  const leaveOut = (from: number, to: number) => {
    if (current) return;
    // Every slice kept ends at a line's start: the line breaks dropped are not needed.
    if (!onlyBlanks(text, outsideFrom, from)) outside.push(text.slice(outsideFrom, from));
    outsideFrom = to;
  };
  const afterOrBefore = () =>
    calendars === 0 ? 'before BEGIN:VCALENDAR' : `after the END:VCALENDAR of line ${lastEnd}`;
  /** Before BEGIN:VCALENDAR or after the last END:VCALENDAR: nothing further is read. */
  const stop = (line: number, from: number, message: string) => {
    structural(line, calendars === 0 ? `not an iCalendar file: ${message}` : message);
    stoppedAt = from;
  };

  /** `end`: the offset after END:VEVENT, none when the VEVENT has no END (then `at`). */
  function finishVevent(end: number | undefined, at: number) {
    if (!current) return;
    const { vevent, chunks, copied } = current;
    const where = whereOfVevent(vevent);
    for (const { line, message } of current.problems.kept) problems.add({ line, where, message });
    problems.addUnkept(current.problems.more);
    for (const { line, message } of current.skipped.kept) skipped.add({ line, where, message });
    skipped.addUnkept(current.skipped.more);
    if (end !== undefined && current.problems.count === 0) {
      vevent.to = end;
      vevent.text = chunks.length
        ? [...chunks, text.slice(copied, end)].join('')
        : text.slice(vevent.from, end);
      vevents.push(vevent);
    } else if (end !== undefined) refused += 1;
    outsideFrom = end ?? at;
    current = undefined;
  }

  /**
   * Ends the open components above `depth` that have no END, at the line beginning at `at`:
   * a problem each (only the innermost when the file ends), their text not read.
   */
  function closeUnended(depth: number, why: string, at: number, innermostOnly = false) {
    let cutFrom: number | undefined;
    let calendarEnded = false;
    let reported = false;
    for (let top = open.at(-1); top && open.length > depth; top = open.at(-1)) {
      if (!innermostOnly || !reported) structural(top.line, `BEGIN:${top.name} has no END${why}`);
      reported = true;
      open.pop();
      if (current && open.length === 1) finishVevent(undefined, at);
      else if (top.name === 'VCALENDAR') calendarEnded = true;
      else if (!current) cutFrom = top.from;
    }
    if (cutFrom !== undefined) {
      outside.push(text.slice(outsideFrom, cutFrom));
      outsideFrom = at;
    }
    if (calendarEnded) {
      outside.push(text.slice(outsideFrom, at), '\r\nEND:VCALENDAR\r\n');
      outsideFrom = at;
    }
  }

  function begin(name: string, line: number, from: number) {
    if (open.length === 0 && calendars === 0 && BARE_COMPONENTS.has(name)) {
      outside.push(text.slice(outsideFrom, from), IMPLICIT_CALENDAR);
      outsideFrom = from;
      open.push({ name: 'VCALENDAR', line, from, implicit: true });
      calendars = 1;
    }
    if (open.length === 1 && IGNORED_COMPONENTS.has(name))
      ignored.set(name, (ignored.get(name) ?? 0) + 1);
    if (open.length === 0 && name !== 'VCALENDAR')
      return stop(line, from, `BEGIN:${name} ${afterOrBefore()}`);
    if (open.length > 0) {
      const again = open.findLastIndex((component) => component.name === name);
      const depth =
        name === 'VCALENDAR'
          ? 0
          : CALENDAR_COMPONENTS.has(name)
            ? 1
            : again === -1
              ? open.length
              : again;
      closeUnended(depth, ` before the BEGIN:${name} of line ${line}`, from);
    }
    open.push({ name, line, from });
    if (name === 'VCALENDAR') calendars += 1;
    if (name !== 'VEVENT' || open.length !== 2) return;
    outside.push(text.slice(outsideFrom, from));
    outsideFrom = from;
    current = newScan(line, from, calendars - 1);
  }

  function end(name: string, line: number, from: number, to: number) {
    if (open.length === 0)
      return stop(
        line,
        from,
        calendars === 0 ? `END:${name} without BEGIN` : `END:${name} ${afterOrBefore()}`,
      );
    const index = open.findLastIndex((component) => component.name === name);
    if (index === -1) {
      structural(line, `END:${name} without BEGIN:${name}`);
      return leaveOut(from, to);
    }
    closeUnended(index + 1, ` before the END:${name} of line ${line}`, from);
    open.pop();
    if (name === 'VCALENDAR') lastEnd = line;
    if (current && open.length === 1) finishVevent(to, to);
  }

  const properties = { text, keep, repairs, report };
  /** Leaves a line out of the VEVENT being scanned (its line break with it). */
  const cutFromVevent = (scan: Current, from: number, to: number) => {
    const newline = text.indexOf('\n', to);
    if (from > scan.copied) scan.chunks.push(text.slice(scan.copied, from));
    scan.copied = newline === -1 ? to : newline + 1;
  };
  /** Skips a line inside a component that is no content line. */
  const skipLine = (line: string, number: number, from: number, to: number) => {
    const message = `not a content line (NAME:value): ${line.slice(0, 60)}`;
    (current?.skipped ?? skipped).add({ line: number, where: 'file', message });
    if (current) cutFromVevent(current, from, to);
    else leaveOut(from, to);
  };
  /** A component outside the VCALENDAR (a VALARM before it, a VTIMEZONE after it): skipped. */
  const strayLine = (name: string, component: string, number: number, from: number, to: number) => {
    if (!stray) return false;
    if (name === 'BEGIN' && component) stray.depth += 1;
    if (name === 'END' && component) stray.depth -= 1;
    if (stray.depth > 0) return true;
    skipped.add({
      line: stray.line,
      where: 'file',
      message: `BEGIN:${stray.name} … END:${stray.name} outside the VCALENDAR`,
    });
    leaveOut(stray.from, to);
    stray = undefined;
    return true;
  };

  const lastLine = eachContentLine(text, (line, number, from, to) => {
    if (stoppedAt !== undefined) return;
    const name = nameOf(line);
    const readable = isContentLine(line, name);
    const component =
      readable && (name === 'BEGIN' || name === 'END')
        ? line
            .slice(name.length + 1)
            .trim()
            .toUpperCase()
        : '';
    if (strayLine(name, component, number, from, to)) return;
    const outsideComponent =
      open.length === 0 && name === 'BEGIN' && component && component !== 'VCALENDAR';
    if (outsideComponent && !(calendars === 0 && BARE_COMPONENTS.has(component))) {
      stray = { name: component, line: number, from, depth: 1 };
      return;
    }
    if (component && name === 'BEGIN') return begin(component, number, from);
    if (component) return end(component, number, from, to);
    if (!readable || name === 'BEGIN' || name === 'END') {
      const why = readable
        ? `${name} names no component`
        : `not a content line (NAME:value): ${line.slice(0, 60)}`;
      if (open.length === 0) return stop(number, from, why);
      if (!readable) return skipLine(line, number, from, to);
      structural(number, why);
      return leaveOut(from, to);
    }
    if (open.length === 0) {
      const shown = line.slice(0, 60);
      return stop(number, from, `a property outside BEGIN:VCALENDAR … END:VCALENDAR: ${shown}`);
    }
    if (current) {
      if (open.length === 2) veventProperty(properties, current, name, line, number, [from, to]);
      return;
    }
    // The calendar's own lines are few: each is tried here, so that one ical.js cannot read
    // is named on its line and left out, and the calendar's zones are still read.
    try {
      ICAL.parse.property(line);
    } catch (error) {
      structural(number, `${name}: ${error instanceof Error ? error.message : String(error)}`);
      leaveOut(from, to);
    }
  });
  if (stray)
    skipped.add({
      line: stray.line,
      where: 'file',
      message: `BEGIN:${stray.name} outside the VCALENDAR has no END`,
    });
  if (stoppedAt === undefined && open.length === 1 && open[0]?.implicit) {
    outside.push(text.slice(outsideFrom), '\r\nEND:VCALENDAR\r\n');
    outsideFrom = text.length;
    open.pop();
  }
  if (stoppedAt === undefined && open.length > 0)
    closeUnended(0, `: the file ends on line ${lastLine} (cut short?)`, text.length, true);
  if (calendars === 0 && problems.count === 0)
    structural(1, 'not an iCalendar file (no BEGIN:VCALENDAR)');
  const read = { vevents, problems, broken, refused, ignored, repairs, skipped };
  if (calendars === 0) return { calendars: undefined, ...read };
  outside.push(text.slice(outsideFrom, stoppedAt ?? text.length));
  return { calendars: outside.join(''), ...read };
}
