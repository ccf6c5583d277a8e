/**
 * The columns of a CSV file that Marquee did not recognise by their headers, each with a choice
 * of what it holds (one of TEC's importer columns for the file's kind, or "Leave out"), as TEC's
 * importer lets the user map every column. A choice is sent with the next check, whose preview
 * shows the file read that way; a column chosen before keeps its choice on screen.
 */
import { useTranslation } from 'react-i18next';
import type { CsvHeader } from '#shared/schemas/transfer.ts';
import { columnsOf, type CsvColumn, type CsvKind } from '#shared/tec/csv-columns.ts';
import { Field } from '../../ui/Field.tsx';

/** Each column in the editor's words: a field's own label where the editor has one. */
const LABELS = {
  uuid: 'files.column.uuid',
  language: 'files.column.language',
  event_name: 'field.title',
  event_description: 'field.description',
  event_excerpt: 'field.excerpt',
  event_start_date: 'files.column.startDate',
  event_start_time: 'files.column.startTime',
  event_end_date: 'files.column.endDate',
  event_end_time: 'files.column.endTime',
  event_timezone: 'field.timezone',
  event_all_day: 'field.allDay',
  event_status: 'field.status',
  event_hide: 'field.hideFromListings',
  event_sticky: 'field.sticky',
  feature_event: 'field.featured',
  event_venue_name: 'field.venueUuid',
  event_organizer_name: 'field.organizerUuids',
  event_show_map_link: 'field.showMapLink',
  event_show_map: 'field.showMap',
  event_cost: 'field.cost',
  event_currency_symbol: 'files.column.currencySymbol',
  event_currency_position: 'files.column.currencyPosition',
  event_category: 'field.categoryUuids',
  event_tags: 'field.tagUuids',
  event_website: 'field.website',
  featured_image: 'field.image',
  venue_name: 'field.name',
  venue_description: 'field.description',
  venue_country: 'field.country',
  venue_address: 'field.address',
  venue_address2: 'files.column.address2',
  venue_city: 'field.city',
  venue_state: 'field.stateprovince',
  venue_zip: 'field.zip',
  venue_phone: 'field.phone',
  venue_url: 'field.website',
  organizer_name: 'field.name',
  organizer_description: 'field.description',
  organizer_email: 'field.email',
  organizer_website: 'field.website',
  organizer_phone: 'field.phone',
} as const satisfies Record<CsvColumn, string>;

type Props = {
  kind: CsvKind;
  headers: CsvHeader[];
  /** Columns chosen so far (header → key, "" to leave out), sent or not yet. */
  choices: Readonly<Record<string, string>>;
  onChoose: (header: string, key: string) => void;
};

export function ColumnChoices({ kind, headers, choices, onChoose }: Props) {
  const { t } = useTranslation();
  const open = headers.filter(
    ({ header, key, chosen }) => key === null || chosen || header.trim() in choices,
  );
  if (open.length === 0) return null;
  const columns = columnsOf(kind);
  return (
    <section className="files-columns" aria-label={t('files.columnsTitle')}>
      <p>{t('files.columnsTitle')}</p>
      <div className="files-column-choices">
        {open.map(({ header, key }, index) => (
          <Field key={`${index}-${header}`} label={header}>
            {({ id }) => (
              <select
                id={id}
                value={choices[header.trim()] ?? key ?? ''}
                onChange={(event) => onChoose(header.trim(), event.target.value)}
              >
                <option value="">{t('files.leaveOut')}</option>
                {columns.map((column) => (
                  <option key={column} value={column}>
                    {t('files.columnOption', { label: t(LABELS[column]), key: column })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </div>
    </section>
  );
}
