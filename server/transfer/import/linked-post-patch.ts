/**
 * A file's venue or organizer as its record patch: the name and description in the row's
 * language, the details as they are (a detail the file leaves out is undefined, which a patch
 * leaves alone), checked with the kind's patch schema as a sync push is.
 */
import { KIND, type OrganizerPatch, type VenuePatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { cleanPatch, FILTERED } from '#shared/text/kses/text-rules.ts';
import { venueStateProvince, type VenueDetails } from '#shared/schemas/venue.ts';
import { invalidParams } from '../../domain/errors.ts';
import { validateParams } from '../../domain/validate.ts';
import type { FileOrganizer, FileVenue } from '../file-records.ts';
import { withoutShownTexts, type TextReading } from './shown-texts.ts';

/** The texts of a linked post; TEC's bodies refuse an empty name under the kind's key. */
function texts(key: 'venue' | 'organizer', record: FileVenue | FileOrganizer, language: Language) {
  if (record.name.trim() === '') throw invalidParams({ [key]: `${key} must not be empty` });
  const { description } = record;
  return {
    name: { [language]: record.name },
    description: description === undefined ? undefined : { [language]: description },
  };
}

/** A row's patch, checked, its texts cleaned as an author's (a file's come from outside). */
function fromFile(kind: 'venue', patch: Record<string, unknown>): VenuePatch;
function fromFile(kind: 'organizer', patch: Record<string, unknown>): OrganizerPatch;
function fromFile(kind: 'venue' | 'organizer', patch: Record<string, unknown>) {
  return cleanPatch(kind, validateParams(KIND[kind].patch, patch), FILTERED);
}

/**
 * TEC's one State/Province column sets a venue's state and province, as TEC's importer does,
 * and the two as one (`stateprovince`), which is what a venue shows first.
 */
const region = (value: string | undefined) => ({
  state: value,
  province: value,
  stateprovince: value,
});

export const venuePatch = (venue: FileVenue, language: Language): VenuePatch =>
  fromFile('venue', {
    ...texts('venue', venue, language),
    address: venue.address,
    city: venue.city,
    ...region(venue.province),
    zip: venue.zip,
    country: venue.country,
    phone: venue.phone,
    website: venue.website,
    image: venue.image,
  });

export const organizerPatch = (organizer: FileOrganizer, language: Language): OrganizerPatch =>
  fromFile('organizer', {
    ...texts('organizer', organizer, language),
    email: organizer.email,
    phone: organizer.phone,
    website: organizer.website,
    image: organizer.image,
  });

type LinkedPatch = VenuePatch | OrganizerPatch;

/**
 * What a row's patch says that its same-named record does not: texts as the row's language
 * shows them (shown-texts.ts), details that differ, and a venue's region as it shows it. A row
 * that says nothing new is not written (a re-imported file changes nothing).
 */
export function unsaid<P extends LinkedPatch>(
  patch: P,
  stored: Record<string, unknown>,
  reading: TextReading,
): P {
  const left: Record<string, unknown> = withoutShownTexts(
    patch,
    stored,
    ['name', 'description'],
    reading,
  );
  for (const [field, value] of Object.entries(left))
    if (typeof value !== 'object' && stored[field] === value) delete left[field];
  const shown = 'stateprovince' in stored && venueStateProvince(stored as VenueDetails);
  if ((patch as VenuePatch).stateprovince === shown)
    for (const field of Object.keys(region(''))) delete left[field];
  return left as P;
}
