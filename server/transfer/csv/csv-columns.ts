/**
 * TEC's CSV importer columns (anchors.md §3.1): each key with its label in TEC's importer. A
 * header is matched by key, by label, or by the slug TEC's UI makes of a header (lowercase,
 * spaces to "_", anything outside [a-z0-9_] dropped), so files made for TEC import here.
 * `uuid`, `language` and `event_status` are Marquee's own columns (TEC has none for them).
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

const COLUMNS = {
  events: EVENT_COLUMNS,
  venues: VENUE_COLUMNS,
  organizers: ORGANIZER_COLUMNS,
} as const;

/** TEC's header slug: lowercase, trimmed, spaces to "_", only [a-z0-9_] kept. */
function headerSlug(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '');
}

/** The column key a header names for a kind (by key, label or slug), if any. */
export function columnOf(kind: CsvKind, header: string): string | undefined {
  const slug = headerSlug(header);
  for (const [key, label] of Object.entries(COLUMNS[kind]))
    if (key === slug || headerSlug(label) === slug || label === header.trim()) return key;
  return undefined;
}

/** Which kind of records a file holds, from its headers: the kind with the most known headers. */
export function kindOfHeaders(headers: readonly string[]): CsvKind | undefined {
  const kinds: CsvKind[] = ['events', 'venues', 'organizers'];
  const scored = kinds.map((kind) => ({
    kind,
    known: headers.filter((header) => {
      const key = columnOf(kind, header);
      return key !== undefined && key !== 'uuid' && key !== 'language';
    }).length,
  }));
  const best = scored.sort((a, b) => b.known - a.known)[0];
  return best && best.known > 0 ? best.kind : undefined;
}
