/**
 * One VEVENT (with the VEVENTs overriding its occurrences) as FileEvents: a single event, or a
 * series' occurrences. The first occurrence has the series' UID and its RRULE/RDATE/EXDATE
 * lines; every other one has `UID/recurrence-id` as uid and the series' UID as seriesUid.
 */
import ICAL from 'ical.js';
import type { FileEvent } from '../file-records.ts';
import { fieldsOf } from './ics-read-fields.ts';
import { nameOf } from './ics-read-lines.ts';
import { occurrencesOf, type Occurrence, type RecurrenceWindow } from './ics-read-recurrence.ts';
import type { ScannedVevent } from './ics-read-scan.ts';
import { eventTimesOf } from './ics-read-times.ts';
import type { Zones } from './ics-read-zones.ts';

/** A VEVENT as ical.js reads it, with where it begins and its lines as written. */
export type Vevent = { component: ICAL.Component; lines: ScannedVevent; uid: string | null };

const TIME_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'];
const RECURRENCE_LINE = new Set(['RRULE', 'RDATE', 'EXDATE']);

/** Makes the VEVENT's zones known to ical.js; throws on a TZID neither IANA nor defined. */
function prepareZones(component: ICAL.Component, zones: Zones) {
  if (!component.hasProperty('dtstart')) throw new Error('no DTSTART');
  for (const name of TIME_PROPERTIES)
    for (const property of component.getAllProperties(name)) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid === 'string' && !zones.prepare(tzid))
        throw new Error(`${name.toUpperCase()} has an unknown time zone "${tzid}" (no VTIMEZONE)`);
    }
}

/** `20240105T090000` (with `Z` when UTC) or `20240105` for a DATE. */
function recurrenceKey(time: ICAL.Time): string {
  const value = time.toICALString();
  if (time.isDate) return value;
  return value.slice(0, 15) + (time.zone === ICAL.Timezone.utcTimezone ? 'Z' : '');
}

function singleOccurrence(component: ICAL.Component): Occurrence[] {
  const event = new ICAL.Event(component, { exceptions: [] });
  const recurrenceId = component.hasProperty('recurrence-id') ? event.recurrenceId : undefined;
  return [{ component, start: event.startDate, end: event.endDate, recurrenceId }];
}

/** Throws (with a message for a problem) when the VEVENT cannot be read. */
export function eventsOfVevent(
  vevent: Vevent,
  overrides: Vevent[],
  zones: Zones,
  window: RecurrenceWindow,
): FileEvent[] {
  const { component, uid } = vevent;
  for (const each of [vevent, ...overrides]) prepareZones(each.component, zones);
  const recurring = component.hasProperty('rrule') || component.hasProperty('rdate');
  const occurrences = recurring
    ? occurrencesOf(
        component,
        overrides.map((override) => override.component),
        window,
      )
    : singleOccurrence(component);
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
      ...eventTimesOf(occurrence.start, occurrence.end, zones),
      ...(ofSeries ? { seriesUid: uid } : {}),
      ical: { uid: uid ?? '', sequence, recurrence: index === 0 ? recurrence : [], extra },
    };
  });
}
