/**
 * A new event's starting values: the fields given (e.g. times from a calendar selection), in
 * the calendar's zone; without times, from the next full hour for two hours.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { toUtcString, utcToZone } from '#shared/time/datetime.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { blankRecord, type Patch } from '#shared/kinds/registry.ts';
import { formValuesOf, type EventFormValues } from './event-form.ts';

function nextHour(now: Date, zone: string): { start: string; end: string } {
  const wall = utcToZone(toUtcString(now), zone);
  const at = Date.parse(`${wall.slice(0, 13).replace(' ', 'T')}:00:00Z`) + 3_600_000;
  const format = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  return { start: format(at), end: format(at + 2 * 3_600_000) };
}

export function newEventValues(
  zone: string,
  initial: Patch = {},
  now = new Date(),
): EventFormValues {
  const blank = blankRecord('event', crypto.randomUUID(), now, zone);
  const record = applyPatch('event', blank, { ...nextHour(now, zone), timezone: zone, ...initial });
  return formValuesOf(record as unknown as CalendarEvent);
}
