/**
 * The printed programme: the calendar's name and the programme's dates, then each day and its
 * events, one per line (when, title, venue, cost as visitors read it, categories), a short
 * description under each if asked, and for staff a line naming the events it double-books its
 * venue with, in the UI language. An event of several days is printed
 * once, under its first day, with its dates (programme-when.ts). Only printing shows it (print
 * CSS); on screen the app stays as it was.
 */
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Kind, RecordOf } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { DEFAULT_CALENDAR_NAME, DEFAULT_CURRENCY } from '#shared/schemas/settings.ts';
import { formatCost } from '#shared/text/cost.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { dayFormats } from '../../hooks/use-date-format.ts';
import { hour12In } from '../../ui/calendar-locale.ts';
import { recordName, textIn } from '../../ui/record-text.ts';
import type { ProgrammeDay } from './programme.ts';
import { programmeWhen } from './programme-when.ts';
import { shortDescription } from './short-description.ts';

type Props = {
  days: readonly ProgrammeDay[];
  /** Whether each event has a short description under it. */
  descriptions: boolean;
  from: string;
  to: string;
  /** The events each event double-books its venue with (staff's copy; empty: none marked). */
  clashes: ReadonlyMap<string, readonly CalendarEvent[]>;
  /** Venues and categories by uuid, to name them. */
  names: ReadonlyMap<string, RecordOf>;
};

export function Programme({ days, descriptions, from, to, names, clashes }: Props) {
  const { t, i18n } = useTranslation();
  const [language] = useContentLanguage();
  const {
    name: calendarName = DEFAULT_CALENDAR_NAME,
    defaultLanguage,
    timezone,
    currency = DEFAULT_CURRENCY,
  } = useCalendarSettings();
  const dates = dayFormats(i18n.language);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const eventName = (event: CalendarEvent) =>
    recordName('event', event, language, defaultLanguage) ?? t('calendar.untitled');
  const hour12 = hour12In(i18n.language, navigator.language);
  const name = (kind: Kind, uuid: string | null | undefined) =>
    (uuid && recordName(kind, names.get(uuid), language, defaultLanguage)) || '';
  return createPortal(
    <article className="print-programme" lang={i18n.language}>
      <h1>{calendarName}</h1>
      <p className="programme-range">
        {t('programme.heading', { range: `${dates.date(from)} – ${dates.date(to)}` })}
      </p>
      {days.length === 0 && <p>{t('programme.none')}</p>}
      {days.map((day) => (
        <section key={day.date}>
          <h2>{dates.dayWithWeekday(day.date)}</h2>
          <ul>
            {day.events.map((event) => {
              const summary =
                descriptions &&
                shortDescription(
                  textIn(event.excerpt, language, defaultLanguage),
                  textIn(event.description, language, defaultLanguage),
                );
              return (
                <li key={event.uuid}>
                  <span className="programme-time">
                    {programmeWhen(event, timezone, i18n.language, hour12) ?? t('programme.allDay')}
                  </span>
                  <strong className="programme-title">{eventName(event)}</strong>
                  <span>{name('venue', event.venueUuid)}</span>
                  <span>{formatCost(event.cost, currency)}</span>
                  <span>
                    {event.categoryUuids.map((uuid) => name('category', uuid)).join(', ')}
                  </span>
                  {summary && <p className="programme-description">{summary}</p>}
                  {clashes.has(event.uuid) && (
                    <p className="programme-clash">
                      {t('programme.clash', {
                        names: list.format(clashes.get(event.uuid)!.map(eventName)),
                      })}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </article>,
    document.body,
  );
}
