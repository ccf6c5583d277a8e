/**
 * An event's date and time as a person reads it: in the UI language, the user's own clock
 * (12/24 h), and the calendar's zone; all-day events by their dates only.
 * Also the days a repeat rule names (dates, weekdays, lists of them).
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings } from '../data/hooks.ts';
import { hour12In } from '../ui/calendar-locale.ts';

/**
 * A UTC instant as the API gives it (`YYYY-MM-DD HH:MM:SS`), or one that names its own offset
 * (an ISO text, as older logs kept a next try): both read, never an Invalid Date, whose format
 * throws and would take the page down with it.
 */
const instant = (utc: string) =>
  new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(utc) ? utc : `${utc.replace(' ', 'T')}Z`);

export function useDateFormat(): (
  event: Pick<CalendarEvent, 'allDay' | 'start' | 'end' | 'startUtc' | 'endUtc'>,
) => string {
  const { i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useCallback(
    (event) => {
      const hour12 = hour12In(i18n.language, navigator.language);
      const format = event.allDay
        ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' })
        : new Intl.DateTimeFormat(i18n.language, {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: timezone,
            hour12,
          });
      const [start, end] = event.allDay
        ? [
            new Date(`${event.start.slice(0, 10)}T00:00:00Z`),
            new Date(`${event.end.slice(0, 10)}T00:00:00Z`),
          ]
        : [instant(event.startUtc), instant(event.endUtc)];
      return format.formatRange(start, end);
    },
    [i18n.language, timezone],
  );
}

/**
 * A moment the server stamped in UTC ("2026-11-27 12:40:15": a sync, a log line) as a person
 * reads it: in the UI language, the user's clock and the calendar's zone, never as UTC.
 */
export function useInstantFormat(): (utc: string) => string {
  const { i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: timezone,
      hour12: hour12In(i18n.language, navigator.language),
    });
    return (utc: string) => format.format(instant(utc));
  }, [i18n.language, timezone]);
}

/** Days as a rule sentence names them, in one language (Intl, no zone: dates are wall dates). */
export type DayFormats = {
  /** A date in full: "June 30, 2027". */
  date(day: string): string;
  /** A date with its weekday, as the language writes both: "Wednesday, June 30, 2027". */
  dayWithWeekday(day: string): string;
  /** A date in the year: "June 30". */
  monthDay(day: string): string;
  /** A weekday by its RFC 5545 code (MO…SU). */
  weekday(code: string, width?: 'long' | 'short'): string;
  /** Names joined as the language lists them: "Monday and Thursday". */
  list(items: readonly string[]): string;
};

// 1 January 2024 was a Monday: MO…SU are the 1st to the 7th.
const WEEKDAY_DATES: Readonly<Record<string, string>> = Object.fromEntries(
  ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((code, index) => [code, `2024-01-0${index + 1}`]),
);
const wallDate = (day: string) => new Date(`${day}T00:00:00Z`);

export function dayFormats(language: string): DayFormats {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  const long = format({ dateStyle: 'long' });
  const full = format({ dateStyle: 'full' });
  const monthDay = format({ month: 'long', day: 'numeric' });
  const weekdays = { long: format({ weekday: 'long' }), short: format({ weekday: 'short' }) };
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  return {
    date: (day) => long.format(wallDate(day)),
    dayWithWeekday: (day) => full.format(wallDate(day)),
    monthDay: (day) => monthDay.format(wallDate(day)),
    weekday: (code, width = 'long') =>
      weekdays[width].format(wallDate(WEEKDAY_DATES[code] ?? '2024-01-01')),
    list: (items) => list.format(items),
  };
}

/** dayFormats in the UI language. */
export function useDayFormats(): DayFormats {
  const { i18n } = useTranslation();
  return useMemo(() => dayFormats(i18n.language), [i18n.language]);
}
