/**
 * One CSV row as a file record: each column through its reader, with the rules of TEC's
 * importer for what is left out (no times: all day; no end: the start). Every cell is read even
 * after one is wrong, so that the row names all its problems at once. Dates, times and zones
 * are read as the REST API reads them (csv-values.ts, isValidEventTimeZone).
 */
import { flagEntries } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import { POST_STATUSES, type PostStatus } from '#shared/schemas/common.ts';
import { isValidEventTimeZone } from '#shared/time/datetime.ts';
import type { FileEvent, FileOrganizer, FileVenue } from '../file-records.ts';
import type { ImportNotes } from '../import-notes.ts';
import type { CsvColumnChoices } from './csv-columns.ts';
import { costFromColumns } from './csv-cost.ts';
import { CellError, readBoolean, readDate, readList, readTime } from './csv-values.ts';

/**
 * `problems`: what is wrong with the row's cells; a row with any gives no record. `notes`: the
 * file's, for what a row brings that is left out without refusing it.
 */
export type Row = {
  line: number;
  cell: (key: string) => string;
  language: Language | null;
  problems: string[];
  notes: ImportNotes;
};

/**
 * `defaultZone`: the calendar's, for rows that name none. `now`: what relative dates ("next
 * friday") are read against, as the API reads them. `columns`: the columns chosen for headers.
 */
export type CsvReadOptions = { defaultZone: string; now: Date; columns?: CsvColumnChoices };

/** A cell read by its reader; one it cannot read is a problem naming the column (undefined). */
function read<T>(row: Row, key: string, reader: (value: string) => T): T | undefined {
  try {
    return reader(row.cell(key));
  } catch (error) {
    if (!(error instanceof CellError)) throw error;
    row.problems.push(`${key} "${row.cell(key)}" ${error.message}`);
    return undefined;
  }
}

/** A cell that must not be empty: else a problem saying why. */
function required(row: Row, key: string, why: string): string {
  const value = row.cell(key).trim();
  if (!value) row.problems.push(`${key} is empty: ${why}`);
  return value;
}

const optional = (value: string) => value.trim() || undefined;

/**
 * A featured image: a URL. A number is a WordPress attachment id (TEC's importer takes those,
 * its media library knows them); Marquee has no media library, so the record comes without
 * the image, and the notes say so.
 */
function imageOf(row: Row): string | undefined {
  const image = optional(row.cell('featured_image'));
  if (image === undefined || !/^\d+$/.test(image)) return image;
  row.notes.add({
    line: row.line,
    where: `line ${row.line}`,
    key: 'imageId',
    params: { id: image },
    message: `featured_image "${image}" is a WordPress attachment id, not a URL: imported without the image`,
  });
  return undefined;
}

function costOf(row: Row): string | undefined {
  return costFromColumns(
    row.cell('event_cost'),
    row.cell('event_currency_symbol'),
    row.cell('event_currency_position'),
  );
}

/** The event of a row, or undefined when the row has problems (then in `row.problems`). */
export function eventOf(row: Row, options: CsvReadOptions): FileEvent | undefined {
  const title = required(row, 'event_name', 'every event needs a name');
  const timezone = row.cell('event_timezone').trim() || options.defaultZone;
  const zoneKnown = isValidEventTimeZone(timezone);
  // In the row's zone ("tomorrow" is its tomorrow); the calendar's when the row's is unknown.
  const reading = { zone: zoneKnown ? timezone : options.defaultZone, now: options.now };
  const starts = required(row, 'event_start_date', 'every event needs a start date')
    ? read(row, 'event_start_date', (value) => readDate(value, reading))
    : undefined;
  const ends = read(row, 'event_end_date', (value) => readDate(value, reading));
  const startDate = starts?.date;
  // No end date: the start's, as TEC's importer takes it.
  const endDate = ends?.date ?? startDate;
  const startTime =
    read(row, 'event_start_time', (value) => readTime(value, startDate, reading)) ?? starts?.time;
  const endTime =
    read(row, 'event_end_time', (value) => readTime(value, endDate, reading)) ?? ends?.time;
  const allDay =
    read(row, 'event_all_day', readBoolean) ?? (startTime === undefined && endTime === undefined);
  if (!zoneKnown)
    row.problems.push(
      `event_timezone "${timezone}" is not a time zone like Europe/Berlin or UTC+2`,
    );
  const status = row.cell('event_status').trim().toLowerCase();
  if (status && !(POST_STATUSES as readonly string[]).includes(status))
    row.problems.push(
      `event_status "${status}" must be publish, draft, pending, private or future`,
    );
  const flags = flagEntries('field', (flag) => read(row, flag.csv, readBoolean));
  const lists = {
    organizers: read(row, 'event_organizer_name', readList) ?? [],
    categories: read(row, 'event_category', readList) ?? [],
    tags: read(row, 'event_tags', readList) ?? [],
  };
  // Whether it ends before it starts is asked only of dates and times that could be read.
  if (row.problems.length > 0) return undefined;
  const start = `${startDate} ${allDay ? '00:00:00' : (startTime ?? '00:00:00')}`;
  const end = `${endDate} ${allDay ? '23:59:59' : (endTime ?? startTime ?? '00:00:00')}`;
  if (end < start) {
    row.problems.push(`the event ends (${end}) before it starts (${start})`);
    return undefined;
  }
  const venue = row.cell('event_venue_name').trim();
  return {
    line: row.line,
    uid: optional(row.cell('uuid')) ?? null,
    language: row.language,
    title,
    description: row.cell('event_description'),
    excerpt: row.cell('event_excerpt'),
    start,
    end,
    timezone,
    allDay,
    ...(status ? { status: status as PostStatus } : {}),
    cost: costOf(row),
    website: optional(row.cell('event_website')),
    image: imageOf(row),
    ...flags,
    venue: venue ? { name: venue } : null,
    organizers: lists.organizers.map((name) => ({ name })),
    categories: lists.categories,
    tags: lists.tags,
  };
}

export function venueOf(row: Row): FileVenue | undefined {
  const name = required(row, 'venue_name', 'every venue needs a name');
  if (row.problems.length > 0) return undefined;
  const address = [row.cell('venue_address'), row.cell('venue_address2')]
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    line: row.line,
    name,
    address: address.join(', ') || undefined,
    city: optional(row.cell('venue_city')),
    province: optional(row.cell('venue_state')),
    zip: optional(row.cell('venue_zip')),
    country: optional(row.cell('venue_country')),
    phone: optional(row.cell('venue_phone')),
    website: optional(row.cell('venue_url')),
    image: imageOf(row),
    description: optional(row.cell('venue_description')),
    language: row.language,
  };
}

export function organizerOf(row: Row): FileOrganizer | undefined {
  const name = required(row, 'organizer_name', 'every organizer needs a name');
  if (row.problems.length > 0) return undefined;
  return {
    line: row.line,
    name,
    email: optional(row.cell('organizer_email')),
    phone: optional(row.cell('organizer_phone')),
    website: optional(row.cell('organizer_website')),
    image: imageOf(row),
    description: optional(row.cell('organizer_description')),
    language: row.language,
  };
}
