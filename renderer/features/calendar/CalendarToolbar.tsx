/**
 * Our own toolbar over FullCalendar: previous / today / next, the range's title and the zone
 * its times are in, a date to jump to, the view switch, "print programme" and "new event". Every
 * button is also a command (keys, palette, menu).
 */
import type { CalendarController } from '@fullcalendar/react';
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWS, type ViewName } from '../../data/calendar-views.ts';
import { useCommands } from '../../hooks/commands-context.ts';
import { DateInput } from '../../ui/DateInput.tsx';

type Props = {
  controller: CalendarController;
  view: ViewName;
  onView: (view: ViewName) => void;
  onNewEvent: () => void;
  dateInput: RefObject<HTMLInputElement | null>;
  /** The date the calendar is on (YYYY-MM-DD, calendar zone). */
  date: string;
  /** The calendar's time zone. */
  zone: string;
};

export function CalendarToolbar(props: Props) {
  const { controller, view, onView, onNewEvent, dateInput, date, zone } = props;
  const { t } = useTranslation();
  const dateId = useId();
  const hints = controller.getButtonState();
  const commands = useCommands();
  return (
    <div className="calendar-toolbar" role="toolbar" aria-label={t('calendar.toolbar')}>
      <div className="toolbar-group">
        <button
          type="button"
          className="secondary icon"
          onClick={() => controller.prev()}
          aria-label={hints.prev.hint || t('commands.previous')}
        >
          ‹
        </button>
        <button type="button" className="secondary" onClick={() => controller.today()}>
          {t('commands.today')}
        </button>
        <button
          type="button"
          className="secondary icon"
          onClick={() => controller.next()}
          aria-label={hints.next.hint || t('commands.next')}
        >
          ›
        </button>
      </div>
      <div className="calendar-heading">
        <h2 className="calendar-title" aria-live="polite">
          {controller.view?.title ?? ''}
        </h2>
        {/* The zone every time on screen is in; Settings changes it. */}
        <a
          className="calendar-zone"
          href="#/settings"
          title={t('calendar.zoneTitle')}
          aria-label={t('calendar.zoneLink', { zone })}
        >
          {zone.replaceAll('_', ' ')}
        </a>
      </div>
      <div className="toolbar-group">
        <label htmlFor={dateId} className="visually-hidden">
          {t('commands.goToDate')}
        </label>
        <DateInput
          id={dateId}
          ref={dateInput}
          value={date}
          onChange={(value) => {
            if (value) controller.gotoDate(value);
          }}
        />
        <div className="segmented" role="group" aria-label={t('calendar.views')}>
          {VIEWS.map(({ name, command }) => (
            <button
              key={name}
              type="button"
              className="secondary"
              aria-pressed={view === name}
              onClick={() => onView(name)}
            >
              {t(`commands.${command}`)}
            </button>
          ))}
        </div>
        <button type="button" className="secondary" onClick={() => commands.run('print')}>
          {t('commands.print')}
        </button>
        <button type="button" onClick={onNewEvent}>
          {t('commands.newEvent')}
        </button>
      </div>
    </div>
  );
}
