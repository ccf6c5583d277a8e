/**
 * Event → TEC wire JSON (tec-rest-v1 §2.1) in TEC's key order, with embedded terms (§2.4 a),
 * venue and organizers, `json_ld` on single reads, and §2.6 redaction for protected events in
 * lists. Linked records come pre-loaded for the whole page (no query per event).
 */
import { DateTime } from 'luxon';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { TecEvent } from '#shared/tec/event.ts';
import { costValueStrings, formatCost, parseCost } from '#shared/text/cost.ts';
import { DATE_TIME_FORMAT, dateDetails } from '#shared/time/datetime.ts';
import { timeZoneAbbreviation } from '#shared/time/timezone-abbr.ts';
import { zoneNamed } from '#shared/time/cached-zone.ts';
import { can } from '../../auth/capabilities.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { plainText } from '../linked-posts/linked-post-wire.ts';
import { toTecOrganizer } from '../organizers/organizers.tec-mapper.ts';
import { mustRedact } from '../posts/access.ts';
import {
  globalId,
  imageObject,
  pickTexts,
  postDates,
  publicUrl,
  renderContent,
  renderTitle,
} from '../posts/post-wire.ts';
import { CATEGORIES, TAGS } from '../terms/taxonomies.ts';
import type { StoredTerm } from '../terms/terms.repo.ts';
import { toEmbeddedTerm } from '../terms/terms.tec-mapper.ts';
import { toTecVenue } from '../venues/venues.tec-mapper.ts';
import type { StoredEvent } from './events.repo.ts';

/** The linked records of a page of events, loaded together. */
export type EventLinkData = {
  venues: Map<number, Venue>;
  organizers: Map<number, Organizer>;
  terms: Map<number, StoredTerm>;
  termCounts: Map<number, number>;
};

export type EventView = { single: boolean; redact: boolean };

const visible = (record: { status: string; author: number }, context: RequestContext) =>
  record.status !== 'trash' && can.readPost(context.user, record as Venue);

function isoIn(local: string, zone: string): string {
  return (
    DateTime.fromFormat(local, DATE_TIME_FORMAT, { zone: zoneNamed(zone) }).toISO({
      suppressMilliseconds: true,
    }) ?? local
  );
}

export function toTecEvent(
  event: StoredEvent,
  data: EventLinkData,
  context: RequestContext,
  view: EventView,
): TecEvent {
  const texts = pickTexts(event, context);
  const url = publicUrl(context, 'event', event.id, texts.slug);
  const id = globalId(context, event.id);
  const cost = parseCost(event.cost);
  const linked = { single: view.single, redact: false };
  const venueRecord = event.venueId === null ? undefined : data.venues.get(event.venueId);
  const venue =
    venueRecord && visible(venueRecord, context)
      ? toTecVenue(venueRecord, context, {
          ...linked,
          redact: mustRedact(venueRecord, context, undefined),
        })
      : undefined;
  const organizers = event.organizerIds.flatMap((organizerId) => {
    const organizer = data.organizers.get(organizerId);
    if (!organizer || !visible(organizer, context)) return [];
    return [
      toTecOrganizer(organizer, context, {
        ...linked,
        redact: mustRedact(organizer, context, undefined),
      }),
    ];
  });
  const embed = (ids: number[], config: typeof CATEGORIES) =>
    ids.flatMap((termId) => {
      const term = data.terms.get(termId);
      return term ? [toEmbeddedTerm(term, data.termCounts.get(termId) ?? 0, config, context)] : [];
    });

  const record: TecEvent = {
    id: event.id,
    global_id: id,
    global_id_lineage: [id],
    author: String(event.author),
    status: event.status,
    ...postDates(event, context.settings.timezone),
    url,
    rest_url: context.urls.route(context.namespace, `events/${event.id}`),
    title: renderTitle(texts.title),
    description: renderContent(texts.description),
    excerpt: renderContent(texts.excerpt),
    slug: texts.slug,
    image: imageObject(event.image),
    all_day: event.allDay,
    start_date: event.start,
    start_date_details: dateDetails(event.start),
    end_date: event.end,
    end_date_details: dateDetails(event.end),
    utc_start_date: event.startUtc,
    utc_start_date_details: dateDetails(event.startUtc),
    utc_end_date: event.endUtc,
    utc_end_date_details: dateDetails(event.endUtc),
    timezone: event.timezone,
    timezone_abbr: timeZoneAbbreviation(
      event.timezone,
      new Date(`${event.startUtc.replace(' ', 'T')}Z`),
    ),
    cost: formatCost(event.cost, cost),
    cost_details: {
      currency_symbol: cost.symbol,
      currency_code: '',
      currency_position: cost.position,
      values: costValueStrings(cost),
    },
    website: renderTitle(event.website ?? url),
    show_map: event.showMap,
    show_map_link: event.showMapLink,
    hide_from_listings: event.hideFromListings,
    sticky: event.sticky,
    featured: event.featured,
    categories: embed(event.categoryIds, CATEGORIES),
    tags: embed(event.tagIds, TAGS),
    venue: venue ?? [],
    organizer: organizers,
    custom_fields: [],
    language: texts.language,
    translations: texts.translations,
  };
  if (view.single) {
    record.json_ld = eventJsonLd(
      event,
      record,
      texts.title,
      venue?.json_ld,
      organizers[0]?.json_ld,
    );
  }
  if (view.redact) redactEvent(record);
  // json_ld before language keys, as TEC appends it last of its own keys.
  const { language, translations, ...rest } = record;
  return { ...rest, language, translations };
}

/** schema.org Event, as TEC's JSON-LD (single reads only). */
function eventJsonLd(
  event: StoredEvent,
  record: TecEvent,
  name: string,
  location?: object,
  organizer?: object,
) {
  const values = record.cost_details.values;
  return {
    '@context': 'http://schema.org',
    '@type': 'Event' as const,
    name,
    description: plainText(record.description),
    ...(event.image ? { image: event.image } : {}),
    url: record.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: isoIn(event.start, event.timezone),
    endDate: isoIn(event.end, event.timezone),
    ...(location ? { location } : {}),
    ...(organizer ? { organizer } : {}),
    ...(values.length > 0
      ? {
          offers: {
            '@type': 'Offer',
            price: values[0],
            priceCurrency: record.cost_details.currency_code,
            url: record.url,
          },
        }
      : {}),
  };
}

/** tec-rest-v1 §2.6: what a list shows of an event protected by a password. */
function redactEvent(record: TecEvent): void {
  Object.assign(record, {
    description: '',
    excerpt: '',
    cost: '',
    website: '',
    image: false,
    all_day: null,
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
  });
}
