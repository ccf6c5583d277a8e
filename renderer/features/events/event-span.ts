/**
 * How long an event in the editor lasts, in wall time (what the form shows): moving its start
 * keeps that length, as Google Calendar and Thunderbird do, and a save that makes an event last
 * more than a day, which it did not before, asks first (a start moved back a day by hand, with
 * the end left behind, would otherwise save a two-day bar without a word).
 */
import { DateTime } from 'luxon';
import type { EventFormValues } from './event-form.ts';

type Times = Pick<EventFormValues, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>;

/** Wall time as a point on one clock, so the arithmetic never meets a zone's DST change. */
function wall(date: string, time: string, allDay: boolean): DateTime | undefined {
  const point = DateTime.fromISO(allDay ? date : `${date}T${time}`, { zone: 'UTC' });
  return point.isValid ? point : undefined;
}

/** The end that keeps the event's length when its start moves to `start`; undefined: leave it. */
export function endKeepingLength(
  before: Times,
  start: Pick<Times, 'startDate' | 'startTime'>,
): Pick<Times, 'endDate' | 'endTime'> | undefined {
  const { allDay } = before;
  const from = wall(before.startDate, before.startTime, allDay);
  const to = wall(before.endDate, before.endTime, allDay);
  const moved = wall(start.startDate, start.startTime, allDay);
  if (!from || !to || !moved || to < from) return undefined;
  const end = moved.plus(to.diff(from));
  return { endDate: end.toISODate() ?? before.endDate, endTime: end.toFormat('HH:mm') };
}

/** Whether the event lasts more than a day: over 24 hours, or all day on more than one date. */
function longerThanADay(times: Times): boolean {
  const { allDay } = times;
  const from = wall(times.startDate, times.startTime, allDay);
  const to = wall(times.endDate, times.endTime, allDay);
  if (!from || !to) return false;
  return allDay ? to > from : to.diff(from, 'hours').hours > 24;
}

/** Whether saving `values` makes an event that lasted a day at most last longer. */
export const becomesLongerThanADay = (before: Times, values: Times): boolean =>
  longerThanADay(values) && !longerThanADay(before);
