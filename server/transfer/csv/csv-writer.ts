/**
 * Writes events, venues or organizers as CSV with TEC's importer keys as headers (they map back
 * on their own, labels do not always), texts in one language. Spreadsheet-safe
 * output adds a UTF-8 BOM and CRLF for Excel and guards formula-like cells with a leading '
 * (which changes values such as "-5", so it is a choice, not the default).
 */
import { stringify } from 'csv-stringify/sync';
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { Organizer } from '#shared/schemas/organizer.ts';
import { venueStateProvince, type Venue } from '#shared/schemas/venue.ts';
import type { ExportEvent } from '../export-records.ts';
import { EVENT_COLUMNS, ORGANIZER_COLUMNS, VENUE_COLUMNS } from '#shared/tec/csv-columns.ts';
import { costColumns } from './csv-cost.ts';
import { guardFormula, writeList } from './csv-values.ts';

type CsvWriteOptions = {
  language: Language;
  defaultLanguage: Language;
  spreadsheetSafe?: boolean;
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function texts(options: CsvWriteOptions) {
  return (value: Multilingual) =>
    pickTranslation(value, options.language, options.defaultLanguage)?.value ?? '';
}

function eventRow(item: ExportEvent, options: CsvWriteOptions): Record<string, string> {
  const { event } = item;
  const text = texts(options);
  return {
    uuid: event.uuid,
    language: options.language,
    event_name: text(event.title),
    event_description: text(event.description),
    event_excerpt: text(event.excerpt),
    event_start_date: event.start.slice(0, 10),
    event_start_time: event.allDay ? '' : event.start.slice(11),
    event_end_date: event.end.slice(0, 10),
    event_end_time: event.allDay ? '' : event.end.slice(11),
    event_timezone: event.timezone,
    event_all_day: yesNo(event.allDay),
    event_status: event.status,
    event_venue_name: item.venue ? text(item.venue.name) : '',
    event_organizer_name: writeList(item.organizers.map((organizer) => text(organizer.name))),
    ...costColumns(event.cost),
    event_category: writeList(item.categories.map((term) => text(term.name))),
    event_tags: writeList(item.tags.map((term) => text(term.name))),
    event_website: event.website ?? '',
    featured_image: event.image,
    ...Object.fromEntries(
      // The flags' columns are TEC's importer's, which the type checks.
      EVENT_FLAGS.map((flag): [keyof typeof EVENT_COLUMNS, string] => [
        flag.csv,
        yesNo(event[flag.field]),
      ]),
    ),
  };
}

function venueRow(venue: Venue, options: CsvWriteOptions): Record<string, string> {
  const text = texts(options);
  return {
    uuid: venue.uuid,
    language: options.language,
    venue_name: text(venue.name),
    venue_description: text(venue.description),
    venue_country: venue.country,
    venue_address: venue.address,
    venue_address2: '',
    venue_city: venue.city,
    venue_state: venueStateProvince(venue),
    venue_zip: venue.zip,
    venue_phone: venue.phone,
    venue_url: venue.website,
    featured_image: venue.image,
  };
}

function organizerRow(organizer: Organizer, options: CsvWriteOptions): Record<string, string> {
  const text = texts(options);
  return {
    uuid: organizer.uuid,
    language: options.language,
    organizer_name: text(organizer.name),
    organizer_description: text(organizer.description),
    organizer_email: organizer.email,
    organizer_website: organizer.website,
    organizer_phone: organizer.phone,
    featured_image: organizer.image,
  };
}

/** Chunks of CSV text: the header line first, then each page of rows. */
function* csvChunks<T>(
  columns: readonly string[],
  pages: Iterable<T[]>,
  toRow: (item: T) => Record<string, string>,
  options: CsvWriteOptions,
): Generator<string> {
  const format = {
    columns: [...columns],
    record_delimiter: options.spreadsheetSafe ? ('windows' as const) : ('unix' as const),
    cast: { string: options.spreadsheetSafe ? guardFormula : (value: string) => value },
  };
  yield (options.spreadsheetSafe ? '\uFEFF' : '') + stringify([], { ...format, header: true });
  for (const page of pages) yield stringify(page.map(toRow), format);
}

export const eventsCsv = (pages: Iterable<ExportEvent[]>, options: CsvWriteOptions) =>
  csvChunks(Object.keys(EVENT_COLUMNS), pages, (item) => eventRow(item, options), options);

export const venuesCsv = (pages: Iterable<Venue[]>, options: CsvWriteOptions) =>
  csvChunks(Object.keys(VENUE_COLUMNS), pages, (venue) => venueRow(venue, options), options);

export const organizersCsv = (pages: Iterable<Organizer[]>, options: CsvWriteOptions) =>
  csvChunks(Object.keys(ORGANIZER_COLUMNS), pages, (item) => organizerRow(item, options), options);
