/**
 * An event's venue that a file names with an address (an ICS LOCATION): linked to the venue of
 * that name only when the address is the same (or the calendar's venue has none to differ),
 * never silently to a namesake elsewhere. For another address the import keeps the file's in a
 * venue of its own, named apart: "Blue Note Hall (New York)" (the file's city, else a part of
 * its address), and again "Blue Note Hall (New York 2)" for a third address; the row says so.
 * A later import of the same file finds that venue by its name and address.
 */
import { foldText } from '#shared/text/fold.ts';
import type { FileVenue } from '../file-records.ts';
import type { StoredVenue } from '../../store/import.repo.ts';

/** What an address is compared by: its words, folded, without the commas between its parts. */
const addressKey = (parts: readonly (string | undefined)[]) =>
  foldText(parts.filter(Boolean).join(' '))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const storedAddressKey = (
  venue: Pick<StoredVenue, 'address' | 'city' | 'region' | 'zip' | 'country'>,
) => addressKey([venue.address, venue.city, venue.region, venue.zip, venue.country]);

export const fileAddressKey = (venue: FileVenue) =>
  addressKey([venue.address, venue.city, venue.province, venue.zip, venue.country]);

/**
 * What names the place apart: the city, else the first part of the address that has no digit
 * after the first part (a town: "131 W 3rd St, New York, NY 10012"), else the first part.
 */
function placeOf(venue: FileVenue): string {
  if (venue.city?.trim()) return venue.city.trim();
  const parts = (venue.address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.slice(1).find((part) => !/\d/.test(part)) ?? parts[0] ?? '';
}

/** The names to try, in order, for a venue at another address than its namesake's. */
export function* namesApart(venue: FileVenue): Generator<string> {
  const place = placeOf(venue);
  yield `${venue.name} (${place})`;
  for (let count = 2; ; count += 1) yield `${venue.name} (${place} ${count})`;
}

/** The venues of a name that the file's venue may be linked to: the same address, or none. */
export function sameOrNoAddress(
  venue: FileVenue,
  namesakes: readonly StoredVenue[],
): StoredVenue | undefined {
  const key = fileAddressKey(venue);
  return (
    namesakes.find((stored) => storedAddressKey(stored) === key) ??
    namesakes.find((stored) => storedAddressKey(stored) === '')
  );
}
