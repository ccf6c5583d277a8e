/**
 * Words typed in the filter search the whole calendar, not only the month on screen (the
 * replica holds every event): the matches as a list with their dates, soonest first; choosing
 * one shows its date in the calendar and opens it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { recordName } from '../../ui/record-text.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { eventFilter, withChildren, type CalendarFilters } from '../../data/calendar-filters.ts';

const SHOWN = 50;

type Props = {
  filters: CalendarFilters;
  /** Shows a date in the calendar (`YYYY-MM-DD`, the calendar's zone). */
  onShowDate: (date: string) => void;
};

export function SearchResults({ filters, onShowDate }: Props) {
  const { t } = useTranslation();
  const { events, records } = useReplica();
  const editor = useEventEditor();
  const formatWhen = useDateFormat();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  // Typing stays quick: the search follows the words a moment later.
  const searched = useDeferredValue(filters);
  const found = useLiveQuery(async () => {
    const categories = await records.list('category');
    return events.matching(eventFilter(searched, withChildren(categories)), SHOWN);
  }, [events, records, searched]);
  const open = (event: CalendarEvent) => {
    onShowDate(event.start.slice(0, 10));
    editor.open(event.uuid);
  };
  const headingId = 'search-results-heading';
  return (
    <section className="search-results card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {found ? t('calendar.searchFound', { count: found.total }) : t('sync.syncing')}
      </h2>
      {found && found.total > 0 && (
        <ol className="linked-list">
          {found.events.map((event) => (
            <li key={event.uuid}>
              <span className="muted">{formatWhen(event)}</span>
              <button type="button" className="link-button" onClick={() => open(event)}>
                {recordName('event', event, language, defaultLanguage) ?? t('calendar.untitled')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {found && found.total > SHOWN && (
        <p className="muted">{t('calendar.searchMore', { count: found.total - SHOWN })}</p>
      )}
    </section>
  );
}
