/**
 * Venue → TEC wire JSON: TEC's key order, falsy values dropped, then
 * show_map / show_map_link and global ids appended; plus `language` and `translations`.
 * Protected venues are redacted, as TEC does, except their name (see docs/decisions.md).
 */
import { venueFlagEntries } from '#shared/kinds/venue-flags.ts';
import { venueStateProvince, type Venue } from '#shared/schemas/venue.ts';
import type { TecVenue } from '#shared/tec/venue.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import { linkedPostHead, linkedPostTail, redact } from '../linked-posts/linked-post-wire.ts';
import { escJs, tecExcerpt } from '../posts/json-ld-text.ts';
import type { LinkedPostView } from '../linked-posts/linked-posts.routes.ts';
import { renderPostTitle, withoutFalsy, type PickedTexts } from '../posts/post-wire.ts';

export function toTecVenue(venue: Venue, context: WireContext, view: LinkedPostView): TecVenue {
  const { head, texts } = linkedPostHead(venue, 'venue', context);
  const record: Record<string, unknown> = withoutFalsy({
    ...head,
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: venueStateProvince(venue),
    json_ld: view.single ? placeJsonLd(venue, texts) : undefined,
  });
  Object.assign(
    record,
    venueFlagEntries('tec', (flag) => venue[flag.field]),
  );
  Object.assign(record, linkedPostTail(venue, texts, context));
  // Marquee's own, only to a client that asks (`marquee_clashes=1`): TEC's answer otherwise.
  if (view.clashes && !view.redact)
    Object.assign(record, {
      marquee_buffer_before: venue.bufferBefore,
      marquee_buffer_after: venue.bufferAfter,
      marquee_booking: venue.booking,
    });
  if (view.redact) redact(record);
  return record as TecVenue;
}

/**
 * schema.org Place, as TEC's JSON-LD venue data (single reads only; Tribe__Events__JSON_LD__Venue):
 * no `url` without TEC Pro, the website as `sameAs`, every key there even when empty.
 */
function placeJsonLd(venue: Venue, texts: PickedTexts) {
  const address = withoutFalsy({
    streetAddress: venue.address,
    addressLocality: venue.city,
    addressRegion: venueStateProvince(venue),
    postalCode: venue.zip,
    addressCountry: venue.country,
  });
  return {
    '@type': 'Place',
    name: escJs(renderPostTitle(texts.title)),
    description: escJs(tecExcerpt(texts.excerpt, texts.description)),
    ...(venue.image ? { image: venue.image } : {}),
    url: '',
    address: { '@type': 'PostalAddress', ...address },
    telephone: venue.phone,
    sameAs: venue.website,
  };
}
