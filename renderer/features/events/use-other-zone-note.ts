/**
 * Under the zone of a timed event that is not in the calendar's zone: when the calendar (which
 * shows every event in its own zone) shows its start, so the two times never surprise anyone.
 * All-day events keep their dates in any zone: nothing to say.
 */
import { useTranslation } from 'react-i18next';
import { eventTimesIn } from '#shared/time/datetime.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { hour12In } from '../../ui/calendar-locale.ts';

type Props = { zone: string; startDate: string; startTime: string; allDay: boolean };

export function useOtherZoneNote({ zone, startDate, startTime, allDay }: Props) {
  const { t, i18n } = useTranslation();
  const { timezone: calendarZone } = useCalendarSettings();
  if (allDay || zone === calendarZone || !startDate || !/^\d\d:\d\d$/.test(startTime)) {
    return undefined;
  }
  const wall = `${startDate} ${startTime}:00`;
  const { startUtc } = eventTimesIn(wall, wall, zone, false);
  const shown = new Intl.DateTimeFormat(i18n.language, {
    timeZone: calendarZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: hour12In(i18n.language, navigator.language),
  }).format(new Date(`${startUtc.replace(' ', 'T')}Z`));
  return t('editor.otherZone', { zone: calendarZone, time: shown });
}
