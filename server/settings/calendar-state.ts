/**
 * The calendar's own settings as servers sharing one calendar exchange them (a laptop and its
 * hub): the settings that define the calendar, whether someone set them up (the welcome), and
 * when they last changed. One rule decides on every side: a calendar never set up takes one
 * that was; afterwards the newest change wins (settings change rarely: no merge per field).
 */
import { calendarSettingsSchema, type CalendarState } from '#shared/schemas/settings.ts';
import type { SettingsStore } from './settings-file.ts';

/** This server's calendar settings as the file holds them (a start flag is this run's only). */
export function calendarStateOf(settings: SettingsStore): CalendarState {
  const saved = settings.saved();
  return {
    settings: calendarSettingsSchema.parse(saved),
    set: saved.confirmed,
    changed: saved.calendarChanged ?? null,
  };
}

export const sameCalendar = (a: CalendarState, b: CalendarState): boolean =>
  JSON.stringify(a.settings) === JSON.stringify(b.settings);

/** Whether `offered` replaces `held`: set up where `held` never was, or changed later. */
export function supersedes(offered: CalendarState, held: CalendarState): boolean {
  if (!offered.set) return false;
  if (!held.set) return true;
  return !sameCalendar(offered, held) && (offered.changed ?? '') > (held.changed ?? '');
}

/**
 * Takes another server's calendar settings, with its stamp, through the same change the
 * Settings screen saves (so a new zone does here whatever it does there); the welcome is done.
 */
export function takeCalendar(settings: SettingsStore, offered: CalendarState): CalendarState {
  settings.update({
    ...offered.settings,
    confirmed: true,
    calendarChanged: offered.changed ?? undefined,
  });
  return calendarStateOf(settings);
}
