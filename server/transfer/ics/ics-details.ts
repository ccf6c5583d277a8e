/**
 * The parts of a VEVENT that come from linked records and URLs: LOCATION from the venue, the
 * ORGANIZER, and the image's media type — in TEC's export (anchors §3.2) too.
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import { venueStateProvince, type Venue } from '#shared/schemas/venue.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { inlineText } from './ics-text.ts';

/** A multilingual text in the export's language, falling back as the API does. */
export type PickText = (value: Multilingual) => string;

/** The venue's name, then address, city, state or province, zip and country; empty parts left out. */
export function venueLocation(venue: Venue, pick: PickText): string {
  const parts = [
    pick(venue.name),
    venue.address,
    venue.city,
    venueStateProvince(venue),
    venue.zip,
    venue.country,
  ];
  return parts
    .map(inlineText)
    .filter((part) => part !== '')
    .join(', ');
}

const EMAIL = /^[^\s@<>:"]+@[^\s@<>:"]+$/;

/** As TEC: the first organizer with an email; CN is its name (a parameter holds no newline). */
export function organizerAddress(
  organizers: readonly Organizer[],
  pick: PickText,
): { email: string; name: string } | undefined {
  const organizer = organizers.find((candidate) => EMAIL.test(candidate.email));
  if (!organizer) return undefined;
  return { email: organizer.email, name: inlineText(pick(organizer.name)) };
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
};

/** The media type an image URL's extension names; JPEG when it names none we know. */
export function imageType(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[extension] ?? 'image/jpeg';
}

/** An http(s) URL in its normalized form (spaces encoded, no line breaks), or undefined. */
export function uriValue(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
