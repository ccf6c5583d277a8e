/**
 * The post meta TEC registers for the REST API (`register_meta` with `show_in_rest`): every key
 * on every one of its post types, in the order the real site lists them, each record giving its
 * own values and the others their defaults (measured on TEC 6.17.2).
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import { parseCost } from '#shared/text/cost.ts';
import type { StoredEvent } from '../../store/events.repo.ts';

export type WpRecord =
  | { kind: 'event'; record: StoredEvent }
  | { kind: 'venue'; record: Venue }
  | { kind: 'organizer'; record: Organizer };

export function tecMeta(item: WpRecord): Record<string, unknown> {
  const event = item.kind === 'event' ? item.record : undefined;
  const venue = item.kind === 'venue' ? item.record : undefined;
  const organizer = item.kind === 'organizer' ? item.record : undefined;
  const parsed = event ? parseCost(event.cost) : undefined;
  const cost = parsed?.values.length === 1 ? parsed : undefined;
  // A venue's map flags are kept under both prefixes (TEC writes _EventShowMap on venues too).
  const showMap = event?.showMap ?? venue?.showMap ?? false;
  const showMapLink = event?.showMapLink ?? venue?.showMapLink ?? false;
  return {
    _EventAllDay: event?.allDay ?? false,
    _EventTimezone: event?.timezone ?? '',
    _EventStartDate: event?.start ?? '',
    _EventEndDate: event?.end ?? '',
    _EventStartDateUTC: event?.startUtc ?? '',
    _EventEndDateUTC: event?.endUtc ?? '',
    _EventShowMap: showMap,
    _EventShowMapLink: showMapLink,
    _EventURL: event?.website ?? '',
    // As written; TEC's REST writes read the symbol and its place from a cost of one amount.
    _EventCost: event?.cost ?? '',
    _EventCostDescription: '',
    _EventCurrencySymbol: cost?.symbol ?? '',
    _EventCurrencyCode: '',
    _EventCurrencyPosition: cost?.position ?? '',
    _EventDateTimeSeparator: '',
    _EventTimeRangeSeparator: '',
    _EventOrganizerID: event?.organizerIds ?? [],
    _EventVenueID: event?.venueId ? [event.venueId] : [],
    _OrganizerEmail: organizer?.email ?? '',
    _OrganizerPhone: organizer?.phone ?? '',
    _OrganizerWebsite: organizer?.website ?? '',
    _VenueAddress: venue?.address ?? '',
    _VenueCity: venue?.city ?? '',
    _VenueCountry: venue?.country ?? '',
    _VenueProvince: venue?.province ?? '',
    _VenueState: venue?.state ?? '',
    _VenueZip: venue?.zip ?? '',
    _VenuePhone: venue?.phone ?? '',
    _VenueURL: venue?.website ?? '',
    _VenueStateProvince: venue?.stateprovince ?? '',
    _VenueLat: '',
    _VenueLng: '',
    _VenueShowMap: venue?.showMap ?? false,
    _VenueShowMapLink: venue?.showMapLink ?? false,
    ...(event ? { _tribe_events_status: '', _tribe_events_status_reason: '' } : {}),
    footnotes: '',
  };
}
