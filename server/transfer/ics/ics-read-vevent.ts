/**
 * One VEVENT (with the VEVENTs overriding its occurrences) as FileEvents: a single event, a
 * series and its exceptions (ics-read-series.ts), or, for a rule a series cannot hold, the
 * series' occurrences: the first has the series' UID and its RRULE/RDATE/EXDATE lines, every
 * other one `UID/recurrence-id` as uid and the series' UID as seriesUid.
 */
import ICAL from 'ical.js';
import type { FileEvent } from '../file-records.ts';
import { isValidEventTimeZone } from '#shared/time/datetime.ts';
import { fieldsOf } from './ics-read-fields.ts';
import { MARQUEE, partsOf } from './ics-marquee.ts';
import { nameOf } from './ics-read-lines.ts';
import { occurrencesOf, type Occurrence, type RecurrenceWindow } from './ics-read-recurrence.ts';
import { recurrenceKey, seriesOfVevent } from './ics-read-series.ts';
import type { ScannedVevent } from './ics-read-scan.ts';
import { eventTimesOf } from './ics-read-times.ts';
import type { Zones } from './ics-read-zones.ts';

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

/** Makes the VEVENT's zones known to ical.js; throws on a TZID neither IANA nor defined. */
function prepareZones({ component, lines }: Vevent, zones: Zones) {
  if (!component.hasProperty('dtstart')) throw new VeventError('no DTSTART', lines);
  for (const name of TIME_PROPERTIES)
    for (const [index, property] of component.getAllProperties(name).entries()) {
      const tzid = property.getParameter('tzid');
      const upper = name.toUpperCase();
      if (typeof tzid === 'string' && !zones.prepare(tzid))
        throw new VeventError(
          `${upper} has an unknown time zone "${tzid}" (no VTIMEZONE)`,
          lines,
          upper,
          index,
        );
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
): FileEvent[] {
  const { component, uid } = vevent;
  for (const each of [vevent, ...overrides]) prepareZones(each, zones);
  const recurring = component.hasProperty('rrule') || component.hasProperty('rdate');
  /** An end before the start is the fault of the DTEND (or DURATION) of the VEVENT it is in. */
  const timesOf = ({ component: from, start, end }: Occurrence, lines: ScannedVevent) => {
    try {
      return eventTimesOf(start, end, zones, ownZoneOf(from));
    } catch (error) {
      const property = from.hasProperty('dtend') ? 'DTEND' : 'DURATION';
      throw new VeventError(messageOf(error), lines, property);
    }
  };
  if (recurring) {
    const series = seriesOfVevent(vevent, overrides, zones, window, (from, { lines }) => {
      const event = new ICAL.Event(from, { exceptions: [] });
      return timesOf({ component: from, start: event.startDate, end: event.endDate }, lines);
    });
    if (series) return series;
  }
  let occurrences: Occurrence[];
  try {
    occurrences = recurring
      ? occurrencesOf(
          component,
          overrides.map((override) => override.component),
          window,
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
      read = fieldsOf(occurrence.component, lines.properties);
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
