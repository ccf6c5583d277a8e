/**
 * One VEVENT (with the VEVENTs overriding its occurrences) as FileEvents: a single event, a
 * series and its exceptions (ics-read-series.ts), or, for a rule a series cannot hold, the
 * series' occurrences: the first has the series' UID and its RRULE/RDATE/EXDATE lines, every
 * other one `UID/recurrence-id` as uid and the series' UID as seriesUid.
 */
import ICAL from 'ical.js';
import type { FileEvent } from '../file-records.ts';
import { isValidEventTimeZone } from '#shared/time/datetime.ts';
import { fieldsOf, urlNote } from './ics-read-fields.ts';
import { MARQUEE, partsOf } from './ics-marquee.ts';
import { nameOf } from './ics-read-lines.ts';
import { occurrencesOf, type Occurrence, type RecurrenceWindow } from './ics-read-recurrence.ts';
import { recurrenceKey, seriesOfVevent } from './ics-read-series.ts';
import { whereOfVevent, type ScannedVevent } from './ics-scan-vevent.ts';
import { dateOf, EndBeforeStart, eventTimesOf } from './ics-read-times.ts';
import type { Zones } from './ics-read-zones.ts';
import { reachProblem } from '#shared/series/rule-reach.ts';
import { RuleOutOfReach } from '#shared/series/recurrence.ts';
import type { ImportNotes } from '../import-notes.ts';

/** A VEVENT as ical.js reads it, with where it begins and its lines as written. */
export type Vevent = { component: ICAL.Component; lines: ScannedVevent; uid: string | null };

/**
 * Why a VEVENT cannot be read, placed on the line of the property at fault (the `index`th of
 * that name), else on its BEGIN line.
 */
export class VeventError extends Error {
  readonly vevent: ScannedVevent;
  readonly line: number;
  constructor(message: string, vevent: ScannedVevent, property?: string, index = 0) {
    super(message);
    this.vevent = vevent;
    this.line = (property && vevent.lines.get(property)?.[index]) || vevent.line;
  }
}

const TIME_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'];
const RECURRENCE_LINE = new Set(['RRULE', 'RDATE', 'EXDATE']);

/**
 * Makes the VEVENT's zones known to ical.js. A TZID nobody can tell is read in the calendar's
 * zone and a fixed offset as it is; the import says so, once per TZID, on its first line.
 */
function prepareZones({ component, lines }: Vevent, zones: Zones, notes: ImportNotes) {
  if (!component.hasProperty('dtstart')) throw new VeventError('no DTSTART', lines);
  for (const name of TIME_PROPERTIES)
    for (const [index, property] of component.getAllProperties(name).entries()) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid !== 'string') continue;
      const how = zones.register(tzid);
      if (how === 'known') continue;
      const upper = name.toUpperCase();
      const line = new VeventError('', lines, upper, index).line;
      const zone = how === 'guessed' ? zones.calendarZone : tzid;
      notes.add(
        {
          line,
          where: 'file',
          key: how === 'guessed' ? 'zoneGuessed' : 'zoneOffset',
          params: { tzid, zone },
          message:
            how === 'guessed'
              ? `the time zone "${tzid}" is not known (no VTIMEZONE): its times were read in the calendar's zone, ${zone}`
              : `the time zone "${tzid}" is a fixed offset: its times keep it all year (no daylight saving time)`,
        },
        `zone ${tzid}`,
      );
    }
}

/** Refuses a rule whose parts never meet or that leaves decades between its dates. */
function checkReach({ component, lines }: Vevent) {
  const start = component.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return;
  const wall = `${dateOf(start)} 00:00:00`;
  for (const name of ['RRULE', 'EXRULE'])
    for (const [index, line] of lines.properties
      .filter((each) => nameOf(each) === name)
      .entries()) {
      const problem = reachProblem(line.slice(line.indexOf(':') + 1).trim(), wall);
      if (problem) throw new VeventError(`${name}: ${problem}`, lines, name, index);
    }
}

/** X-MARQUEE-TIMEZONE when it names a zone an event may have. */
function ownZoneOf(component: ICAL.Component): string | undefined {
  const property = component.getFirstProperty(MARQUEE.timezone);
  const zone = property ? partsOf(property).join('').trim() : '';
  return isValidEventTimeZone(zone) ? zone : undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function singleOccurrence(component: ICAL.Component): Occurrence[] {
  const event = new ICAL.Event(component, { exceptions: [] });
  const recurrenceId = component.hasProperty('recurrence-id') ? event.recurrenceId : undefined;
  return [{ component, start: event.startDate, end: event.endDate, recurrenceId }];
}

/** Throws (a VeventError where it can tell the line) when the VEVENT cannot be read. */
export function eventsOfVevent(
  vevent: Vevent,
  overrides: Vevent[],
  zones: Zones,
  window: RecurrenceWindow,
  notes: ImportNotes,
): FileEvent[] {
  const { component, uid } = vevent;
  for (const each of [vevent, ...overrides]) prepareZones(each, zones, notes);
  // A VEVENT with a RECURRENCE-ID is one occurrence of a series, whatever rule it repeats:
  // without its series in the file it is that occurrence alone, as Python's
  // recurring-ical-events and ical.js read it (not the rule's hundreds of dates again).
  const recurring =
    !component.hasProperty('recurrence-id') &&
    (component.hasProperty('rrule') || component.hasProperty('rdate'));
  if (recurring) checkReach(vevent);
  /** An end before the start is the fault of the DTEND (or DURATION) of the VEVENT it is in. */
  const timesOf = ({ component: from, start, end }: Occurrence, lines: ScannedVevent) => {
    const property = from.hasProperty('dtend') ? 'DTEND' : 'DURATION';
    try {
      return eventTimesOf(start, end, zones, ownZoneOf(from));
    } catch (error) {
      if (!(error instanceof EndBeforeStart))
        throw new VeventError(messageOf(error), lines, property);
    }
    // An end before the start: ended at its start (as TEC keeps such an event), said once.
    const line = new VeventError('', lines, property).line;
    notes.add(
      {
        line,
        where: whereOfVevent(lines),
        key: 'endMoved',
        params: { property },
        message: `${property} ends before DTSTART: the event ends at its start`,
      },
      `end ${line}`,
    );
    return eventTimesOf(start, start, zones, ownZoneOf(from));
  };
  if (recurring) {
    let series: FileEvent[] | undefined;
    try {
      series = seriesOfVevent(vevent, overrides, zones, window, notes, (from, { lines }) => {
        const event = new ICAL.Event(from, { exceptions: [] });
        return timesOf({ component: from, start: event.startDate, end: event.endDate }, lines);
      });
    } catch (error) {
      if (error instanceof RuleOutOfReach)
        throw new VeventError(`RRULE: ${error.message}`, vevent.lines, 'RRULE');
      throw error;
    }
    if (series) return series;
  }
  let occurrences: Occurrence[];
  try {
    occurrences = recurring
      ? occurrencesOf(
          component,
          overrides.map((override) => override.component),
          window,
          (kept) =>
            notes.add({
              line: vevent.lines.line,
              where: whereOfVevent(vevent.lines),
              key: 'occurrencesCut',
              params: { kept },
              message: `only the newest ${kept} occurrences of this rule are imported (as events of their own: a series cannot hold the rule)`,
            }),
        )
      : singleOccurrence(component);
  } catch (error) {
    throw new VeventError(messageOf(error), vevent.lines, recurring ? 'RRULE' : 'DTSTART');
  }
  const linesOf = new Map([vevent, ...overrides].map((each) => [each.component, each.lines]));
  const recurrence = recurring
    ? vevent.lines.properties.filter((line) => RECURRENCE_LINE.has(nameOf(line)))
    : [];
  // Occurrences of a series share its component: its fields are read once, not per occurrence.
  const fieldsByComponent = new Map<ICAL.Component, ReturnType<typeof fieldsOf>>();
  return occurrences.map((occurrence, index) => {
    const lines = linesOf.get(occurrence.component) ?? vevent.lines;
    let read = fieldsByComponent.get(occurrence.component);
    if (!read) {
      read = fieldsOf(occurrence.component, lines.properties, urlNote(notes, lines));
      fieldsByComponent.set(occurrence.component, read);
    }
    const { sequence, extra, ...fields } = read;
    // A RECURRENCE-ID without its series in the file is still that series' occurrence.
    const { recurrenceId } = occurrence;
    const ofSeries = uid !== null && recurrenceId && (!recurring || index > 0);
    return {
      line: lines.line,
      uid: ofSeries ? `${uid}/${recurrenceKey(recurrenceId)}` : uid,
      ...fields,
      ...timesOf(occurrence, lines),
      ...(ofSeries ? { seriesUid: uid } : {}),
      ical: { uid: uid ?? '', sequence, recurrence: index === 0 ? recurrence : [], extra },
    };
  });
}
