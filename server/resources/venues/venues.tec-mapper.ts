/**
 * Venue → TEC wire JSON (tec-rest-v1 §2.2): built in TEC's key order, falsy values dropped,
 * then show_map / show_map_link / global ids appended; plus our `language` and `translations`.
 * Password-protected venues are redacted for callers who lack the password (§2.6), except the
 * name: TEC blanks it only through a bug in its recursive redaction.
 */
import type { TecVenue } from '#shared/tec/venue.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import type { RequestContext } from '../../http/request-context.ts';
import {
  globalId,
  imageObject,
  pickTexts,
  postDates,
  publicUrl,
  renderContent,
  renderTitle,
  withoutFalsy,
} from '../posts/post-wire.ts';

export type VenueView = { single: boolean; redact: boolean };

const REDACTED_TEXT = [
  'description',
  'excerpt',
  'website',
  'phone',
  'stateprovince',
  'zip',
  'province',
  'country',
  'city',
  'address',
] as const;

export function toTecVenue(venue: Venue, context: RequestContext, view: VenueView): TecVenue {
  const texts = pickTexts(
    { title: venue.name, description: venue.description, excerpt: venue.excerpt, slug: venue.slug },
    context,
  );
  const url = publicUrl(context, 'venue', venue.id, texts.slug);
  const record: Record<string, unknown> = withoutFalsy({
    id: venue.id,
    author: String(venue.author),
    status: venue.status,
    ...postDates(venue, context.settings.timezone),
    url,
    venue: renderTitle(texts.title),
    description: renderContent(texts.description),
    excerpt: renderContent(texts.excerpt),
    slug: texts.slug,
    image: imageObject(venue.image),
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: venue.stateprovince,
    json_ld: view.single ? placeJsonLd(venue, texts.title, texts.description, url) : undefined,
  });
  record.show_map = venue.showMap;
  record.show_map_link = venue.showMapLink;
  record.global_id = globalId(context, venue.id);
  record.global_id_lineage = [record.global_id];
  record.language = texts.language;
  record.translations = texts.translations;

  if (view.redact) {
    for (const key of REDACTED_TEXT) if (key in record) record[key] = '';
    if ('image' in record) record.image = false;
    record.show_map = null;
    record.show_map_link = null;
  }
  return record as TecVenue;
}

/** schema.org Place, as TEC's JSON-LD venue data (single reads only). */
function placeJsonLd(venue: Venue, name: string, description: string, url: string) {
  return withoutFalsy({
    '@context': 'http://schema.org',
    '@type': 'Place',
    name,
    description: description.replace(/<[^>]*>/g, '').trim(),
    image: venue.image,
    url,
    address: withoutFalsy({
      '@type': 'PostalAddress',
      streetAddress: venue.address,
      addressLocality: venue.city,
      addressRegion: venue.stateprovince || venue.state || venue.province,
      postalCode: venue.zip,
      addressCountry: venue.country,
    }),
    telephone: venue.phone,
    sameAs: venue.website,
  });
}
