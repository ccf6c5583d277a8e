/**
 * A file's venue or organizer as its record patch: the name and description in the row's
 * language, the details as they are (a detail the file leaves out is undefined, which a patch
 * leaves alone), checked with the kind's patch schema as a sync push is.
 */
import { KIND, type OrganizerPatch, type VenuePatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { invalidParams } from '../../domain/errors.ts';
import { validateParams } from '../../domain/validate.ts';
import type { FileOrganizer, FileVenue } from '../file-records.ts';

/** The texts of a linked post; TEC's bodies refuse an empty name under the kind's key. */
function texts(key: 'venue' | 'organizer', record: FileVenue | FileOrganizer, language: Language) {
  if (record.name.trim() === '') throw invalidParams({ [key]: `${key} must not be empty` });
  const { description } = record;
  return {
    name: { [language]: record.name },
    description: description === undefined ? undefined : { [language]: description },
  };
}

export const venuePatch = (venue: FileVenue, language: Language): VenuePatch =>
  validateParams(KIND.venue.patch, {
    ...texts('venue', venue, language),
    address: venue.address,
    city: venue.city,
    province: venue.province,
    zip: venue.zip,
    country: venue.country,
    phone: venue.phone,
    website: venue.website,
  });

export const organizerPatch = (organizer: FileOrganizer, language: Language): OrganizerPatch =>
  validateParams(KIND.organizer.patch, {
    ...texts('organizer', organizer, language),
    email: organizer.email,
    phone: organizer.phone,
    website: organizer.website,
  });
