/**
 * TEC's CSV importer columns: each key with its label in TEC's importer, per
 * kind of file. The server reads and writes files by them; the editor's import preview offers
 * them for a column of a file it did not recognise, as TEC's column mapper does. `uuid`,
 * `language` and `event_status` are Marquee's own columns (TEC has none for them).
 */
export type CsvKind = 'events' | 'venues' | 'organizers';

export const EVENT_COLUMNS = {
  uuid: 'UUID',
  language: 'Language',
  event_name: 'Event Name',
  event_description: 'Event Description',
  event_excerpt: 'Event Excerpt',
  event_start_date: 'Event Start Date',
  event_start_time: 'Event Start Time',
  event_end_date: 'Event End Date',
  event_end_time: 'Event End Time',
  event_timezone: 'Event Time Zone',
  event_all_day: 'All Day Event',
  event_status: 'Event Status',
  event_hide: 'Hide Event From Event Listings',
  event_sticky: 'Event Sticky in Month View',
  feature_event: 'Feature Event',
  event_venue_name: 'Event Venue Name',
  event_organizer_name: 'Event Organizer Name(s) or ID(s)',
  event_show_map_link: 'Event Show Map Link',
  event_show_map: 'Event Show Map',
  event_cost: 'Event Cost',
  event_currency_symbol: 'Event Currency Symbol',
  event_currency_position: 'Event Currency Position',
  event_category: 'Event Category',
  event_tags: 'Event Tags',
  event_website: 'Event Website',
  featured_image: 'Event Featured Image',
} as const;

export const VENUE_COLUMNS = {
  uuid: 'UUID',
  language: 'Language',
  venue_name: 'Venue Name',
  venue_description: 'Venue Description',
  venue_country: 'Venue Country',
  venue_address: 'Venue Address',
  venue_address2: 'Venue Address 2',
  venue_city: 'Venue City',
  venue_state: 'Venue State/Province',
  venue_zip: 'Venue Zip',
  venue_phone: 'Venue Phone',
  venue_url: 'Venue Website',
  featured_image: 'Venue Featured Image',
} as const;

export const ORGANIZER_COLUMNS = {
  uuid: 'UUID',
  language: 'Language',
  organizer_name: 'Organizer Name',
  organizer_description: 'Organizer Description',
  organizer_email: 'Organizer Email',
  organizer_website: 'Organizer Website',
  organizer_phone: 'Organizer Phone',
  featured_image: 'Organizer Featured Image',
} as const;

export const CSV_COLUMNS = {
  events: EVENT_COLUMNS,
  venues: VENUE_COLUMNS,
  organizers: ORGANIZER_COLUMNS,
} as const;

/** A column of any kind of file: what a header may be mapped to. */
export type CsvColumn =
  keyof typeof EVENT_COLUMNS | keyof typeof VENUE_COLUMNS | keyof typeof ORGANIZER_COLUMNS;

/** Every column key, each once (uuid, language and featured_image are in every kind). */
export const ALL_CSV_COLUMNS = [
  ...new Set(Object.values(CSV_COLUMNS).flatMap((columns) => Object.keys(columns))),
] as CsvColumn[];

/** The column keys of a kind, in the order TEC's importer lists them. */
export const columnsOf = (kind: CsvKind) => Object.keys(CSV_COLUMNS[kind]) as CsvColumn[];
