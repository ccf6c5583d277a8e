/**
 * The printed programme: a heading with its dates, then each day and its events, one per line
 * (time in the calendar's zone, title, venue, cost as visitors read it, categories), in the UI
 * language. Only printing shows it (print CSS); on screen the app stays as it was.
 */
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Kind, RecordOf } from '#shared/kinds/registry.ts';
import { DEFAULT_CURRENCY } from '#shared/schemas/settings.ts';
import { formatCost } from '#shared/text/cost.ts';
import { utcToZone } from '#shared/time/datetime.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { dayFormats } from '../../hooks/use-date-format.ts';
import { hour12In } from '../../ui/calendar-locale.ts';
import { recordName } from '../../ui/record-text.ts';
import { timeFormatter } from '../../ui/time-format.ts';
import type { ProgrammeDay } from './programme.ts';

type Props = {
  days: readonly ProgrammeDay[];
  from: string;
  to: string;
  /** Venues and categories by uuid, to name them. */
  names: ReadonlyMap<string, RecordOf>;
};

/** A wall time (`YYYY-MM-DD HH:MM:SS`) as the calendar's time formatter takes it. */
const wallTime = (wall: string) => ({
  array: [
    Number(wall.slice(0, 4)),
    Number(wall.slice(5, 7)) - 1,
    Number(wall.slice(8, 10)),
    Number(wall.slice(11, 13)),
    Number(wall.slice(14, 16)),
  ],
});

export function Programme({ days, from, to, names }: Props) {
  const { t, i18n } = useTranslation();
  const [language] = useContentLanguage();
  const { defaultLanguage, timezone, currency = DEFAULT_CURRENCY } = useCalendarSettings();
  const dates = dayFormats(i18n.language);
  const times = timeFormatter(i18n.language, hour12In(i18n.language, navigator.language));
  const name = (kind: Kind, uuid: string | null | undefined) =>
    (uuid && recordName(kind, names.get(uuid), language, defaultLanguage)) || '';
  return createPortal(
    <article className="print-programme" lang={i18n.language}>
      <h1>{t('programme.heading', { range: `${dates.date(from)} – ${dates.date(to)}` })}</h1>
      {days.length === 0 && <p>{t('programme.none')}</p>}
      {days.map((day) => (
        <section key={day.date}>
          <h2>{dates.dayWithWeekday(day.date)}</h2>
          <ul>
            {day.events.map((event) => (
              <li key={event.uuid}>
                <span className="programme-time">
                  {event.allDay
                    ? t('programme.allDay')
                    : times({
                        start: wallTime(utcToZone(event.startUtc, timezone)),
                        end: wallTime(utcToZone(event.endUtc, timezone)),
                      })}
                </span>
                <strong className="programme-title">
                  {recordName('event', event, language, defaultLanguage) ?? t('calendar.untitled')}
                </strong>
                <span>{name('venue', event.venueUuid)}</span>
                <span>{formatCost(event.cost, currency)}</span>
                <span>{event.categoryUuids.map((uuid) => name('category', uuid)).join(', ')}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>,
    document.body,
  );
}
