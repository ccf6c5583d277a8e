/**
 * Under the venue picker, for a series: which of its dates, as the form stands, would
 * double-book the venue (series-clashes.ts), the first few named with the events they meet,
 * each opening its editor; the count of the others. Shown before Save, offline too.
 */
import { useTranslation } from 'react-i18next';
import type { ClashCount, VenueBooking } from '#shared/clashes/clash-finder.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { recordName } from '../../ui/record-text.ts';
import { seriesClashes, type FormSeries } from './series-clashes.ts';

/** How many clashing dates are named; the rest are counted. */
const NAMED_DATES = 5;

export function SeriesClashNote(props: {
  series: FormSeries;
  others: readonly CalendarEvent[];
  venue: VenueBooking;
  venueName: string;
  count: ClashCount;
}) {
  const { t } = useTranslation();
  const editor = useEventEditor();
  const formatWhen = useDateFormat();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  const bookings = props.others.map((other) => ({ ...other, id: other.uuid }));
  const clashes = seriesClashes(props.series, bookings, props.venue, props.count);
  if (clashes.length === 0) return null;
  const more = clashes.length - NAMED_DATES;
  return (
    <div className="venue-clashes" role="status">
      <p>
        {t('editor.seriesClashes', {
          count: clashes.length,
          total: props.series.slots.length,
          venue: props.venueName,
        })}
      </p>
      <ul>
        {clashes.slice(0, NAMED_DATES).map((clash) => (
          <li key={String(clash.slot.id)}>
            {formatWhen(clash.slot)} {t('editor.seriesClashWith')}{' '}
            {clash.with.map((other, index) => (
              <span key={other.uuid}>
                {index > 0 && ', '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => editor.open(other.uuid)}
                >
                  {recordName('event', other, language, defaultLanguage) ?? t('calendar.untitled')}
                </button>
              </span>
            ))}
          </li>
        ))}
        {more > 0 && <li>{t('editor.moreClashingDates', { count: more })}</li>}
      </ul>
    </div>
  );
}
