/**
 * A file's venue or organizer as TEC's body for it: the API's inline linked post, matched to a
 * same-named one or made (tec-linked-post-body.ts `link`), which is the rule an import follows.
 */
import type { FileOrganizer, FileVenue } from '../file-records.ts';

const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

const venueBody = (venue: FileVenue) =>
  defined({
    venue: venue.name,
    address: venue.address,
    city: venue.city,
    province: venue.province,
    zip: venue.zip,
    country: venue.country,
    phone: venue.phone,
    website: venue.website,
    description: venue.description,
  });

const organizerBody = (organizer: FileOrganizer) =>
  defined({
    organizer: organizer.name,
    email: organizer.email,
    phone: organizer.phone,
    website: organizer.website,
    description: organizer.description,
  });

export { organizerBody, venueBody };
