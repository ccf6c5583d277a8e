/**
 * An event's date and time as a person reads it: in the UI language, the user's own clock
 * (12/24 h), and the calendar's zone; all-day events by their dates only.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings } from '../data/hooks.ts';
import { userHour12 } from '../ui/calendar-locale.ts';

const instant = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`);

export function useDateFormat(): (
  event: Pick<CalendarEvent, 'allDay' | 'start' | 'end' | 'startUtc' | 'endUtc'>,
) => string {
  const { i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useCallback(
    (event) => {
      const hour12 = userHour12(navigator.language);
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
