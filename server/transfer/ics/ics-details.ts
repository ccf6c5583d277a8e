/**
 * The parts of a VEVENT that come from linked records and URLs: LOCATION from the venue, the
 * organizers, and the image's media type — in TEC's export too.
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import { venueStateProvince, type Venue } from '#shared/schemas/venue.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { inlineText } from './ics-text.ts';
import { imageTypeOf } from '#shared/text/image-type.ts';

/** A multilingual text in the export's language, falling back as the API does. */
export type PickText = (value: Multilingual) => string;

/** The venue's name, address, city, state or province, zip and country, each on one line. */
export function venueParts(venue: Venue, pick: PickText): string[] {
  const parts = [
    pick(venue.name),
    venue.address,
    venue.city,
    venueStateProvince(venue),
    venue.zip,
    venue.country,
  ];
  return parts.map(inlineText);
}

/** LOCATION as TEC writes it: the venue's parts joined by commas, empty ones left out. */
export const locationOf = (parts: readonly string[]): string =>
  parts.filter((part) => part !== '').join(', ');

const EMAIL = /^[^\s@<>:"]+@[^\s@<>:"]+$/;

/**
 * Each organizer as ORGANIZER writes one: CN its name (a parameter holds no newline), the value
 * its email as a mailto: URI, or, without one, its uuid as a URN (RFC 5545's CAL-ADDRESS is a
 * URI: an organizer without email still needs one).
 */
export function organizerAddresses(
  organizers: readonly Organizer[],
  pick: PickText,
): { address: string; name: string }[] {
  return organizers.map((organizer) => ({
    address: EMAIL.test(organizer.email)
      ? `mailto:${organizer.email}`
      : `urn:uuid:${organizer.uuid}`,
    name: inlineText(pick(organizer.name)),
  }));
}

/** The media type an image URL's extension names; JPEG when it names none we know. */
export function imageType(url: string): string {
  return imageTypeOf(url) ?? 'image/jpeg';
}

/** An http(s) URL in its normalized form (spaces encoded, no line breaks), or undefined. */
export function uriValue(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
