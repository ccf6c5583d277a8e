/**
 * The clashes view: every double booking that has not ended yet, soonest first, filterable by
 * venue. Each row names the venue, the time both events hold it (their own times widened by the
 * venue's buffers, in the calendar's zone) and the two events, each opening its editor.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { hour12In } from '../../ui/calendar-locale.ts';
import { recordName } from '../../ui/record-text.ts';
import { useClashes } from './use-clashes.ts';

/** A span of UTC milliseconds as a person reads it, in the calendar's zone. */
function useSpanFormat(): (from: number, to: number) => string {
  const { i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timezone,
      hour12: hour12In(i18n.language, navigator.language),
    });
    return (from, to) => format.formatRange(new Date(from), new Date(to));
  }, [i18n.language, timezone]);
}

export function ClashesPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const filterId = useId();
  const { records } = useReplica();
  const editor = useEventEditor();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  const formatWhen = useDateFormat();
  const formatSpan = useSpanFormat();
  const { clashes, held } = useClashes();
  const venues = useLiveQuery(() => records.list('venue'), [records]);
  const [venueFilter, setVenueFilter] = useState('');
  const venueName = (uuid: string) => {
    const venue = venues?.find((record) => record.uuid === uuid);
    return (venue && recordName('venue', venue, language, defaultLanguage)) ?? '';
  };
  // The filter offers the venues that have a clash (and keeps the chosen one while it has none).
  const clashingVenues = [...new Set((clashes ?? []).map((clash) => clash.venueUuid))];
  if (venueFilter && !clashingVenues.includes(venueFilter)) clashingVenues.push(venueFilter);
  const shown = (clashes ?? []).filter((clash) => !venueFilter || clash.venueUuid === venueFilter);
  const eventButton = (event: CalendarEvent) => (
    <li>
      <button type="button" className="link-button" onClick={() => editor.open(event.uuid)}>
        {recordName('event', event, language, defaultLanguage) ?? t('calendar.untitled')}
      </button>{' '}
      <span className="muted">{formatWhen(event)}</span>
    </li>
  );

  return (
    <section className="page clashes-page" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-title">
        {t('clashes.heading')}
      </h2>
      <p className="muted">{t('clashes.intro')}</p>
      {held && (
        <p className="muted" role="status">
          {t('clashes.held')}
        </p>
      )}
      <div className="clashes-filter">
        <label htmlFor={filterId}>{t('clashes.venue')}</label>
        <select
          id={filterId}
          value={venueFilter}
          onChange={(event) => setVenueFilter(event.target.value)}
        >
          <option value="">{t('clashes.allVenues')}</option>
          {clashingVenues.map((uuid) => (
            <option key={uuid} value={uuid}>
              {venueName(uuid)}
            </option>
          ))}
        </select>
      </div>
      {clashes && !held && shown.length === 0 && <p className="muted">{t('clashes.none')}</p>}
      <ul className="record-list" aria-label={t('clashes.heading')}>
        {shown.map((clash) => (
          <li key={`${clash.first.uuid}|${clash.second.uuid}`} className="record-row clash-row">
            <div>
              <div className="record-name">{venueName(clash.venueUuid)}</div>
              <div>{t('clashes.overlap', { when: formatSpan(clash.from, clash.to) })}</div>
              <ul className="clash-events">
                {eventButton(clash.first)}
                {eventButton(clash.second)}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
