/**
 * Under the venue picker: the events the one being edited would double-book its venue with, as
 * its venue and times stand in the form, each opening its editor. Computed from the replica
 * with the server's own rule (shared/clashes/clash-finder.ts), so it shows before Save and
 * offline; a strict venue's refusal on Save says the same.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clashesWith, type VenueBooking } from '#shared/clashes/clash-finder.ts';
import { eventTimesIn, isDateTime } from '#shared/time/datetime.ts';
import { useCalendarSettings, useRecord } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { recordName } from '../../ui/record-text.ts';
import { formTimes, type EventFormValues } from './event-form.ts';

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
  const venue = useRecord('venue', venueUuid) as
    (VenueBooking & { name: object }) | null | undefined;
  const others = useLiveQuery(
    async () => (venueUuid ? await events.linkedTo('venueUuid', venueUuid) : []),
    [events, venueUuid],
  );
  if (!venue || !others || venue.booking === 'off') return null;
  const { start, end } = formTimes(values);
  if (!isDateTime(start) || !isDateTime(end)) return null;
  const times = eventTimesIn(start, end, values.timezone, values.allDay);
  const booking = { id: uuid ?? '', ...times, allDay: values.allDay, status: values.status };
  const rule: VenueBooking = {
    bufferBefore: venue.bufferBefore ?? 0,
    bufferAfter: venue.bufferAfter ?? 0,
    booking: venue.booking ?? 'warn',
  };
  const byUuid = new Map(others.map((other) => [other.uuid, other]));
  const bookings = others.map((other) => ({ ...other, id: other.uuid }));
  const clashes = clashesWith(booking, bookings, rule, {
    holds: clashHolds ?? true,
    zone: timezone,
  });
  if (clashes.length === 0) return null;
  const venueName = recordName('venue', venue, language, defaultLanguage) ?? '';
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
