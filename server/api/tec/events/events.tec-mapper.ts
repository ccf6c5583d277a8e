/**
 * Event → TEC wire JSON in TEC's key order, with embedded terms in their short
 * shape, venue and organizers, `json_ld` on single reads, and the redaction TEC applies to
 * password-protected events in lists. Linked records come pre-loaded for the whole page (no
 * query per event).
 */
import { flagEntries } from '#shared/kinds/event-flags.ts';
import { DateTime } from 'luxon';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { TecEvent } from '#shared/tec/event.ts';
import { costAmounts, costValueStrings, formatCost, parseCost } from '#shared/text/cost.ts';
import { DATE_TIME_FORMAT, dateDetails } from '#shared/time/datetime.ts';
import { timeZoneAbbreviation } from '#shared/time/timezone-abbr.ts';
import { zoneNamed } from '#shared/time/cached-zone.ts';
import { can } from '../../../auth/capabilities.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import type { LinkedPostView } from '../linked-posts/linked-posts.routes.ts';
import { escJs, tecExcerpt } from '../posts/json-ld-text.ts';
import { toTecOrganizer } from '../organizers/organizers.tec-mapper.ts';
import { mustRedact } from '../../../domain/posts/access.ts';
import {
  globalId,
  imageObject,
  pickTexts,
  type PickedTexts,
  postDates,
  publicUrl,
  renderContent,
  renderPostTitle,
  renderTitle,
} from '../posts/post-wire.ts';
import { CATEGORIES, TAGS } from '../../../domain/terms/taxonomies.ts';
import { toEmbeddedTerm } from '../terms/terms.tec-mapper.ts';
import { toTecVenue } from '../venues/venues.tec-mapper.ts';
import { embedded } from './embedded-records.ts';
import type { StoredEvent } from '../../../store/events.repo.ts';
import type { EventLinkData } from '../../../domain/events/event-links.ts';
import { eventWebsite } from '../../../domain/events/event-website.ts';

/** The linked records of a page of events, loaded together. */

export type EventView = { single: boolean; redact: boolean };

/**
 * WordPress answers an object's terms ordered by name (wp_get_object_terms, orderby name), as
 * MySQL's Unicode collation compares them: case and accents aside; the id breaks ties.
 */
const termNames = new Intl.Collator('und', { sensitivity: 'base' });
const byTermName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  termNames.compare(a.name, b.name) || a.id - b.id;

const visible = (record: { status: string; author: number }, context: WireContext) =>
  record.status !== 'trash' && can.readPost(context.actor, record as Venue);

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
  context: WireContext,
  view: EventView,
): TecEvent {
  const texts = pickTexts(event, context);
  const url = publicUrl(context, 'event', event.id, texts.slug);
  const id = globalId(context, event.id);
  const cost = parseCost(event.cost);
  /** A venue or organizer as the event embeds it; none when the caller may not see it. */
  const linkedPost = <R extends Venue | Organizer, J>(
    linkedRecord: R | undefined,
    toTec: (linkedRecord: R, context: WireContext, view: LinkedPostView) => J,
  ): J[] => {
    if (!linkedRecord || !visible(linkedRecord, context)) return [];
    const shown = { single: view.single, redact: mustRedact(linkedRecord, context, undefined) };
    return [
      embedded(linkedRecord, context, `${shown.single}|${shown.redact}`, () =>
        toTec(linkedRecord, context, shown),
      ),
    ];
  };
  const venue = linkedPost(
    event.venueId === null ? undefined : data.venues.get(event.venueId),
    toTecVenue,
  )[0];
  const organizers = event.organizerIds.flatMap((organizerId) =>
    linkedPost(data.organizers.get(organizerId), toTecOrganizer),
  );
  const embed = (ids: number[], config: typeof CATEGORIES) =>
    ids
      .flatMap((termId) => {
        const term = data.terms.get(termId);
        if (!term) return [];
        const count = data.termCounts.get(termId) ?? 0;
        return [
          embedded(term, context, String(count), () =>
            toEmbeddedTerm(term, count, config, context),
          ),
        ];
      })
      .sort(byTermName);

  const record: TecEvent = {
    id: event.id,
    global_id: id,
    global_id_lineage: [id],
    author: String(event.author),
    status: event.status,
    ...postDates(event, context.settings.timezone),
    url,
    rest_url: context.urls.route(context.namespace, `events/${event.id}`),
    title: renderPostTitle(texts.title),
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
    cost: formatCost(event.cost, context.settings.currency, cost),
    // What the event itself stores, as TEC echoes its own meta: "" when the cost names no symbol.
    cost_details: {
      currency_symbol: cost.symbol,
      currency_code: '',
      currency_position: cost.position,
      values: costValueStrings(event.cost, cost),
    },
    // TEC falls back to the public page only while the event has no website stored at all
    // (null: a TEC create that sent none); "" is a website set to none, shown as "".
    website: renderTitle(event.website ?? eventWebsite(event, context.settings, url)),
    ...flagEntries('tec', (flag) => event[flag.field]),
    categories: embed(event.categoryIds, CATEGORIES),
    tags: embed(event.tagIds, TAGS),
    venue: venue ?? [],
    organizer: organizers,
    custom_fields: [],
    ...seriesFields(event),
    language: texts.language,
    translations: texts.translations,
  };
  // TEC's JSON-LD leaves out a protected event, whoever reads it (measured on TEC 6.17.2): a page
  // that embeds it would publish what the password hides.
  if (view.single && !event.password) {
    // TEC offers the cost without its currency ("Free" alone as 0), in the calendar's currency
    // code: its API cannot set an event's own.
    const amounts = costAmounts(event.cost, cost);
    const offer = amounts
      ? {
          price: /^\s*Free\s*$/i.test(amounts) ? '0' : amounts,
          currency: context.settings.currency.code,
        }
      : undefined;
    record.json_ld = eventJsonLd(event, record, texts, offer, {
      location: venue?.json_ld,
      organizer: organizers[0]?.json_ld,
    });
  }
  if (view.redact) redactEvent(record);
  // json_ld before language keys, as TEC appends it last of its own keys.
  const { language, translations, ...rest } = record;
  return { ...rest, language, translations };
}

/** Marquee's extensions for series: a series' rule, an occurrence's series and slot. */
function seriesFields(event: StoredEvent): Pick<TecEvent, 'recurrence' | 'series'> {
  if (event.recurrence) return { recurrence: event.recurrence };
  if (event.recurrenceId && event.parentId)
    return { series: { id: event.parentId, recurrence_id: event.recurrenceId } };
  return {};
}

/**
 * schema.org Event, as TEC's JSON-LD (single reads only; Tribe__Events__JSON_LD__Event): the
 * offer valid from the publication's day, and TEC's default performer.
 */
function eventJsonLd(
  event: StoredEvent,
  record: TecEvent,
  texts: PickedTexts,
  offer: { price: string; currency: string } | undefined,
  { location, organizer }: { location?: object | undefined; organizer?: object | undefined },
) {
  return {
    '@context': 'http://schema.org',
    '@type': 'Event' as const,
    name: escJs(record.title),
    description: escJs(tecExcerpt(texts.excerpt, texts.description)),
    ...(event.image ? { image: event.image } : {}),
    url: record.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: isoIn(event.start, event.timezone),
    endDate: isoIn(event.end, event.timezone),
    ...(location ? { location } : {}),
    ...(organizer ? { organizer } : {}),
    ...(offer
      ? {
          offers: {
            '@type': 'Offer',
            price: offer.price,
            priceCurrency: offer.currency,
            url: record.url,
            category: 'primary',
            availability: 'inStock',
            // PHP's strtotime of the publication's day, in UTC: its midnight there.
            validFrom: `${record.date.slice(0, 10)}T00:00:00+00:00`,
          },
        }
      : {}),
    performer: 'Organization',
  };
}

/** What TEC's lists show of an event protected by a password. */
function redactEvent(record: TecEvent): void {
  Object.assign(record, {
    description: '',
    excerpt: '',
    cost: '',
    website: '',
    image: false,
    all_day: null,
    ...flagEntries('tec', () => null),
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
  });
}
