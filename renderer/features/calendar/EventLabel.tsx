/**
 * An event as the calendar shows it: time, title, and marks for repeating, featured and sticky
 * events; in the list, also its venue, and for an event in another zone its own time there.
 */
import type { EventDisplayInfo } from '@fullcalendar/react';
import { useTranslation } from 'react-i18next';
import { useScheduledLabel } from '../../hooks/use-scheduled-label.ts';
import { RepeatMark } from '../../ui/RepeatMark.tsx';

// Marks beside the title; the words for them are read out instead (visually hidden).
const FEATURED_MARK = '★';
const STICKY_MARK = '⚑';

export function EventLabel({ info }: { info: EventDisplayInfo }) {
  const { t } = useTranslation();
  const { featured, sticky, status, date, untranslated, ownTime, repeats, venue } = info.event
    .extendedProps as {
    venue?: string;
    repeats?: boolean;
    featured?: boolean;
    sticky?: number;
    status?: string;
    date?: string;
    untranslated?: boolean;
    ownTime?: string;
  };
  const scheduled = useScheduledLabel()({ status, date });
  return (
    <span
      className={info.view.type.startsWith('timeGrid') ? 'event-label is-block' : 'event-label'}
    >
      {info.timeText && <span className="event-time">{info.timeText}</span>}
      {repeats && <RepeatMark className="event-mark" />}
      {featured && (
        <span className="event-mark" title={t('field.featured')}>
          <span aria-hidden="true">{FEATURED_MARK}</span>
          <span className="visually-hidden">{t('field.featured')}</span>
        </span>
      )}
      {sticky ? (
        <span className="event-mark" title={t('field.sticky')}>
          <span aria-hidden="true">{STICKY_MARK}</span>
          <span className="visually-hidden">{t('field.sticky')}</span>
        </span>
      ) : null}
      <span className={untranslated ? 'event-title is-untranslated' : 'event-title'}>
        {info.event.title}
      </span>
      {untranslated && <span className="visually-hidden">{t('editor.notTranslated')}</span>}
      {venue && info.view.type.startsWith('list') && <span className="event-venue">{venue}</span>}
      {ownTime && info.view.type.startsWith('list') && (
        <span className="event-zone">{t('calendar.ownTime', { time: ownTime })}</span>
      )}
      {status && status !== 'publish' && (
        <span className="event-status">{scheduled ?? t(`postStatus.${status as 'draft'}`)}</span>
      )}
    </span>
  );
}
