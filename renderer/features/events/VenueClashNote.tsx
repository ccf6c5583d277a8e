/**
 * Under the venue picker: the events the one being edited would double-book its venue with, as
 * its venue and times stand in the form, each opening its editor. Computed from the replica
 * with the server's own rule (shared/clashes/clash-finder.ts), so it shows before Save and
 * offline; a strict venue's refusal on Save says the same. For a series, its dates that clash
 * (SeriesClashNote).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clashesWith, type VenueBooking } from '#shared/clashes/clash-finder.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { eventTimesIn, isDateTime } from '#shared/time/datetime.ts';
import { useCalendarSettings, useRecord } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { recordName } from '../../ui/record-text.ts';
import { formTimes, type EventFormValues } from './event-form.ts';
import { formSlots } from './repeat-check.ts';
import { ruleOf } from './repeat-rule.ts';
import { SeriesClashNote } from './SeriesClashNote.tsx';

export function VenueClashNote({ uuid }: { uuid: string | undefined }) {
  const { t } = useTranslation();
  const { events } = useReplica();
  const editor = useEventEditor();
  const formatWhen = useDateFormat();
  const [language] = useContentLanguage();
  const { timezone, defaultLanguage, clashHolds } = useCalendarSettings();
  const { control } = useFormContext<EventFormValues>();
  const values = useWatch({ control }) as EventFormValues;
  const chosen = values.venue?.[0];
  const venueUuid = chosen && 'uuid' in chosen ? chosen.uuid : null;
  const edited = useRecord('event', uuid ?? null) as CalendarEvent | null | undefined;
  const venue = useRecord('venue', venueUuid) as
    (VenueBooking & { name: object }) | null | undefined;
  const others = useLiveQuery(
    async () => (venueUuid ? await events.linkedTo('venueUuid', venueUuid) : []),
    [events, venueUuid],
  );
  if (!venue || !others || venue.booking === 'off') return null;
  const { start, end } = formTimes(values);
  if (!isDateTime(start) || !isDateTime(end)) return null;
  const count = { holds: clashHolds ?? true, zone: timezone };
  const rule: VenueBooking = {
    bufferBefore: venue.bufferBefore ?? 0,
    bufferAfter: venue.bufferAfter ?? 0,
    booking: venue.booking ?? 'warn',
  };
  const venueName = recordName('venue', venue, language, defaultLanguage) ?? '';
  const rrule = ruleOf(values.repeat, values.startDate);
  if (rrule) {
    // The series the form edits: its stored dates are remade on Save, its extra dates kept.
    const seriesUuid = edited?.recurrence ? edited.uuid : (edited?.parentUuid ?? null);
    const dates = seriesUuid ? values.repeatDates : { rdates: [], exdates: [] };
    let slots: string[];
    try {
      slots = formSlots(values, rrule, dates, new Date());
    } catch {
      return null; // The Repeat control says what is wrong with the rule.
    }
    const series = { slots, start, end, timezone: values.timezone, allDay: values.allDay };
    return (
      <SeriesClashNote
        series={{ ...series, status: values.status, uuid: seriesUuid }}
        others={others}
        venue={rule}
        venueName={venueName}
        count={count}
      />
    );
  }
  const times = eventTimesIn(start, end, values.timezone, values.allDay);
  const booking = { id: uuid ?? '', ...times, allDay: values.allDay, status: values.status };
  const byUuid = new Map(others.map((other) => [other.uuid, other]));
  const bookings = others.map((other) => ({ ...other, id: other.uuid }));
  const clashes = clashesWith(booking, bookings, rule, count);
  if (clashes.length === 0) return null;
  return (
    <ul className="venue-clashes" role="status">
      {clashes.map((other) => (
        <li key={other.uuid}>
          {t('editor.venueBooked', { venue: venueName, when: formatWhen(byUuid.get(other.uuid)!) })}{' '}
          <button type="button" className="link-button" onClick={() => editor.open(other.uuid)}>
            {recordName('event', other, language, defaultLanguage) ?? t('calendar.untitled')}
          </button>
        </li>
      ))}
    </ul>
  );
}
