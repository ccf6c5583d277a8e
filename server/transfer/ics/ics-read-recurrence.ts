/**
 * A series' occurrences, expanded by ical.js (RRULE, RDATE, EXDATE, and the VEVENTs with a
 * RECURRENCE-ID that replace an occurrence) from DTSTART up to the end of a window.
 */
import ICAL from 'ical.js';
import { dateOf } from './ics-read-times.ts';

export type Occurrence = {
  /** The VEVENT the occurrence's texts come from: the series', or the one replacing it. */
  component: ICAL.Component;
  start: ICAL.Time;
  end: ICAL.Time;
  /** The time the series gives this occurrence (what a RECURRENCE-ID names); none alone. */
  recurrenceId?: ICAL.Time;
};

/** Occurrences after `until` are not read, nor more than `max` of one series. */
export type RecurrenceWindow = { until: ICAL.Time; max: number };

/** The most times ical.js is asked for the next date of one rule (each a few µs). */
const MAX_STEPS = 20_000;

export function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

/**
 * UNTIL should be UTC when DTSTART has a zone; ical.js reads a local UNTIL as floating (hours
 * off) and a DATE as its midnight (losing that day's occurrence): read both in DTSTART's zone.
 */
function readUntilInZoneOf(master: ICAL.Component, dtstart: ICAL.Time) {
  if (dtstart.isDate) return;
  for (const property of master.getAllProperties('rrule')) {
    const rule = property.getFirstValue() as ICAL.Recur;
    const until = rule.until;
    if (!until || (!until.isDate && until.zone === ICAL.Timezone.utcTimezone)) continue;
    const { year, month, day } = until;
    const [hour, minute, second] = until.isDate
      ? [23, 59, 59]
      : [until.hour, until.minute, until.second];
    rule.until = ICAL.Time.fromData({ year, month, day, hour, minute, second }, dtstart.zone);
  }
}

function isExcluded(master: ICAL.Component, time: ICAL.Time): boolean {
  return master
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues() as ICAL.Time[])
    .some((exdate) =>
      exdate.isDate ? dateOf(exdate) === dateOf(time) : exdate.compare(time) === 0,
    );
}

/** Seconds in a period of each frequency that has one of fixed length. */
const PERIOD_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};

/**
 * A rule begun so long ago that walking it from its start to the window's end takes more than
 * MAX_STEPS (every four minutes since 2005): its DTSTART (and DTEND) moved by whole periods of
 * the rule to MAX_STEPS / 4 periods before the end, so that its newest occurrences are read
 * without walking the years before them. Only one RRULE without COUNT (a count begins at its
 * start) and of a frequency whose periods are all as long.
 */
function startLater(master: ICAL.Component, until: ICAL.Time) {
  const rules = master.getAllProperties('rrule');
  if (rules.length !== 1 || master.hasProperty('exrule')) return;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const seconds = PERIOD_SECONDS[rule.freq];
  if (!seconds || rule.count) return;
  const start = master.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return;
  const period = seconds * (rule.interval || 1);
  const periods = Math.floor(until.subtractDate(start).toSeconds() / period);
  if (periods <= MAX_STEPS / 2) return;
  const shift = (periods - MAX_STEPS / 4) * period;
  for (const name of ['dtstart', 'dtend']) {
    const property = master.getFirstProperty(name);
    const time = property?.getFirstValue();
    if (!property || !(time instanceof ICAL.Time)) continue;
    const moved = time.clone();
    moved.adjust(0, 0, 0, shift);
    property.setValue(moved);
  }
}

/**
 * `overrides`: the VEVENTs with the series' UID and a RECURRENCE-ID. `cut`: told when the
 * rule gives more than `window.max` occurrences before the window's end: its newest are kept.
 */
export function occurrencesOf(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  window: RecurrenceWindow,
  cut: (kept: number) => void = () => {},
): Occurrence[] {
  startLater(master, window.until);
  // Exceptions passed explicitly: ical.js would otherwise search the whole calendar per series.
  const series = new ICAL.Event(master, { exceptions: overrides });
  const dtstart = series.startDate;
  readUntilInZoneOf(master, dtstart);
  const occurrences: Occurrence[] = [];
  const seen = new Set<string>();
  const used = new Set<ICAL.Event>();
  const take = (time: ICAL.Time) => {
    // An RDATE may repeat a time the RRULE gives too.
    const key = time.toString();
    if (seen.has(key)) return;
    seen.add(key);
    const details = series.getOccurrenceDetails(time);
    const item = details.item;
    if (item !== series) used.add(item);
    if (item !== series && isCancelled(item.component)) return;
    occurrences.push({
      component: item.component,
      start: details.startDate,
      end: details.endDate,
      recurrenceId: time,
    });
  };
  // DTSTART is the first occurrence (RFC 5545 §3.8.5.3); ical.js yields it only for an RRULE.
  if (!master.hasProperty('rrule') && !isExcluded(master, dtstart)) take(dtstart);
  const iterator = series.iterator();
  for (let steps = 0; steps < MAX_STEPS; steps += 1) {
    const next = iterator.next();
    if (!next || next.compare(window.until) > 0) break;
    take(next);
  }
  // The newest, as a series keeps its newest 1,000 (DTSTART's own occurrence comes first).
  if (occurrences.length > window.max) {
    occurrences.splice(0, occurrences.length - window.max);
    cut(window.max);
  }
  // An override whose RECURRENCE-ID the series does not give is still an occurrence.
  for (const override of Object.values(series.exceptions)) {
    if (used.has(override) || isCancelled(override.component)) continue;
    if (override.recurrenceId.compare(window.until) > 0) continue;
    const { component, startDate, endDate, recurrenceId } = override;
    occurrences.push({ component, start: startDate, end: endDate, recurrenceId });
  }
  return occurrences;
}
