/**
 * A recurring VEVENT as a Marquee series: one FileEvent with the rule (RRULE, RDATEs and
 * EXDATEs as wall times in the series' zone), and one per override that the series' occurrence
 * at its RECURRENCE-ID becomes (an exception; a cancelled override is an EXDATE). The server
 * expands the rule as it does for any series, so an imported series edits, syncs and exports
 * like one made in the editor.
 *
 * A rule a series cannot hold (several RRULEs, EXRULE, times within a day or two on one date)
 * gives undefined: the VEVENT is then read as its occurrences, each an event of its own, as
 * before series existed. A series begun long ago is still one: the server makes its newest
 * MAX_OCCURRENCES occurrences, and the import notes how many older ones it does not make.
 */
import ICAL from 'ical.js';
import { dateTwice } from '#shared/series/occurrences.ts';
import { MAX_OCCURRENCES } from '#shared/series/occurrences.ts';
import {
  expandSlots,
  MAX_WALK,
  ruleProblem,
  slotEnd,
  wallDuration,
  type Recurrence,
} from '#shared/series/recurrence.ts';
import type { ImportNotes } from '../import-notes.ts';
import type { FileEvent } from '../file-records.ts';
import { begunLater } from './ics-read-anchor.ts';
import { fieldsOf, urlNote } from './ics-read-fields.ts';
import { nameOf } from './ics-read-lines.ts';
import { isCancelled, type RecurrenceWindow } from './ics-read-recurrence.ts';
import { dateOf, wallTimeIn, type EventTimes } from './ics-read-times.ts';
import type { Zones } from './ics-read-zones.ts';
import { whereOfVevent, type ScannedVevent } from './ics-scan-vevent.ts';

/** A VEVENT as ical.js reads it, with its lines as written (ics-read-vevent.ts's). */
type Vevent = { component: ICAL.Component; lines: ScannedVevent; uid: string | null };

/** An override's or the series' times; throws (on the right line) when its end is wrong. */
type TimesOf = (component: ICAL.Component, vevent: Vevent) => EventTimes;

/** `20240105T090000` (with `Z` when UTC) or `20240105` for a DATE: an override's own uid. */
export function recurrenceKey(time: ICAL.Time): string {
  const value = time.toICALString();
  if (time.isDate) return value;
  return value.slice(0, 15) + (time.zone === ICAL.Timezone.utcTimezone ? 'Z' : '');
}

function fileEventOf(
  vevent: Vevent,
  component: ICAL.Component,
  times: EventTimes,
  notes: ImportNotes,
) {
  const { sequence, extra, ...fields } = fieldsOf(
    component,
    vevent.lines.properties,
    urlNote(notes, vevent.lines),
  );
  return {
    line: vevent.lines.line,
    uid: vevent.uid,
    ...fields,
    ...times,
    ical: { uid: vevent.uid ?? '', sequence, recurrence: [], extra },
  };
}

/** RDATE or EXDATE values (a PERIOD's start) of the component. */
function timesOfProperty(component: ICAL.Component, name: string): ICAL.Time[] {
  return component
    .getAllProperties(name)
    .flatMap((property) => property.getValues() as (ICAL.Time | ICAL.Period)[])
    .map((value) => (value instanceof ICAL.Period ? value.start : value));
}

export function seriesOfVevent(
  vevent: Vevent,
  overrides: readonly Vevent[],
  zones: Zones,
  window: RecurrenceWindow,
  notes: ImportNotes,
  timesOf: TimesOf,
): FileEvent[] | undefined {
  const { component } = vevent;
  const rules = vevent.lines.properties.filter((line) => nameOf(line) === 'RRULE');
  if (rules.length > 1 || component.hasProperty('exrule')) return undefined;
  const rrule = rules[0] ? rules[0].slice(rules[0].indexOf(':') + 1).trim() : '';
  if (ruleProblem(rrule) !== undefined) return undefined;

  const written = timesOf(component, vevent);
  const { timezone, allDay } = written;
  // A series begun at an instant (UTC) is kept at its first wall time all year: its other
  // times (18:00Z in summer is 20:00 in Berlin) name the slot of their date.
  const atInstant = zones.placeOf(component.getFirstPropertyValue('dtstart') as ICAL.Time);
  /** A slot of this series: wall time in its zone, or its date at the series' time of day. */
  const slotOf = (time: ICAL.Time) => {
    const timeOfDay = written.start.slice(11);
    if (time.isDate || allDay) return `${dateOf(time)} ${timeOfDay}`;
    const wall = wallTimeIn(time, timezone, zones);
    return atInstant.kind === 'instant' ? `${wall.slice(0, 10)} ${timeOfDay}` : wall;
  };
  const horizon = wallTimeIn(window.until, timezone, zones);
  const recurrence: Recurrence = {
    rrule,
    rdates: timesOfProperty(component, 'rdate').map(slotOf),
    exdates: timesOfProperty(component, 'exdate').map(slotOf),
  };
  // Begun so long ago that its dates since are too many to walk: begun again later, its
  // RDATEs, EXDATEs and overrides before then left with the older occurrences.
  const later = begunLater(written, recurrence, horizon);
  const times = later ?? written;
  const { start } = times;
  if (later) {
    recurrence.rdates = recurrence.rdates.filter((slot) => slot >= start);
    recurrence.exdates = recurrence.exdates.filter((slot) => slot >= start);
    const [was, from] = [written.start.slice(0, 10), start.slice(0, 10)];
    notes.add({
      line: vevent.lines.line,
      where: whereOfVevent(vevent.lines),
      key: 'begunLater',
      params: { start: was, from },
      message: `a series begun on ${was}: it has too many dates since then to make; imported as begun on ${from} (its newest occurrences), the older ones are neither made nor exported`,
    });
  }

  // An RDATE before DTSTART is an occurrence (Python's and ical.js's readers show it), but a
  // series begins at its start: such dates become events of their own, the series' texts kept.
  const early = recurrence.rdates.filter((slot) => slot < start);
  recurrence.rdates = recurrence.rdates.filter((slot) => slot >= start);
  const duration = wallDuration(start, times.end);
  const before = early.map((slot) => ({
    ...fileEventOf(
      vevent,
      component,
      { ...times, start: slot, end: slotEnd(slot, duration) },
      notes,
    ),
    uid: vevent.uid === null ? null : `${vevent.uid}/${slot.replace(/[-: ]/g, '')}`,
  }));

  const exceptions: FileEvent[] = [];
  for (const override of overrides) {
    const id = override.component.getFirstPropertyValue('recurrence-id');
    if (!(id instanceof ICAL.Time)) continue;
    const slot = slotOf(id);
    if (isCancelled(override.component)) {
      recurrence.exdates.push(slot);
      continue;
    }
    exceptions.push({
      ...fileEventOf(override, override.component, timesOf(override.component, override), notes),
      uid: vevent.uid === null ? null : `${vevent.uid}/${recurrenceKey(id)}`,
      seriesUid: vevent.uid ?? undefined,
      recurrenceId: slot,
    });
  }

  // Every slot from the start, however long ago: the server makes the newest 1,000.
  const expanded = expandSlots({ start, timezone, allDay, recurrence }, horizon, MAX_WALK);
  if (expanded.length === 0) return undefined;
  const slots = new Set(expanded);
  // An override of a time the rule does not give is still an occurrence (as calendar apps
  // show it): its slot becomes an RDATE. One past the horizon, or removed, is not read.
  const excluded = new Set(recurrence.exdates);
  const kept = exceptions.filter((exception) => {
    const slot = exception.recurrenceId!;
    if (excluded.has(slot) || slot > horizon || (later && slot < start)) return false;
    if (!slots.has(slot)) {
      recurrence.rdates.push(slot);
      expanded.push(slot);
      notes.add({
        line: exception.line,
        where: whereOfVevent(vevent.lines),
        key: 'extraOccurrence',
        params: { slot },
        message: `RECURRENCE-ID ${slot} is no occurrence of its rule: imported as one more occurrence`,
      });
    }
    return true;
  });
  // Two times on one date (a matinee RDATE beside the evening): a series has one a day.
  if (dateTwice(expanded.sort()) !== undefined) return undefined;
  const older = expanded.length - MAX_OCCURRENCES;
  if (older > 0) {
    const from = expanded[older]!.slice(0, 10);
    notes.add({
      line: vevent.lines.line,
      where: whereOfVevent(vevent.lines),
      key: 'olderOccurrences',
      params: { count: older, from },
      message: `a series: its ${older} occurrences before ${from} are not made as events (a series holds its newest ${MAX_OCCURRENCES}); its rule keeps them, and exports give it whole`,
    });
  }
  return [{ ...fileEventOf(vevent, component, times, notes), recurrence }, ...kept, ...before];
}
