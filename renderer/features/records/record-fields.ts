/**
 * The fields of venues, organizers, categories and tags as their editor shows them, in order,
 * with the kind of control each needs. The values and checks come from the shared schemas
 * (record-form.ts).
 */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { VENUE_FLAGS } from '#shared/kinds/venue-flags.ts';

export type FieldControl =
  | 'name'
  | 'richText'
  | 'translatedArea'
  | 'slug'
  | 'text'
  | 'url'
  | 'email'
  | 'tel'
  | 'check'
  | 'status'
  | 'parent'
  | 'color'
  | 'minutes'
  | 'booking';

export type FieldSpec = { name: string; control: FieldControl };

const texts = (...names: string[]): FieldSpec[] => names.map((name) => ({ name, control: 'text' }));

export const RECORD_FIELDS: Readonly<Record<LinkedKind, readonly FieldSpec[]>> = {
  venue: [
    { name: 'name', control: 'name' },
    { name: 'status', control: 'status' },
    ...texts('address', 'city', 'stateprovince', 'zip', 'country'),
    { name: 'phone', control: 'tel' },
    { name: 'website', control: 'url' },
    { name: 'image', control: 'url' },
    ...VENUE_FLAGS.map(({ field }): FieldSpec => ({ name: field, control: 'check' })),
    // Double bookings: the setup and teardown the venue holds around each event, and its rule.
    { name: 'bufferBefore', control: 'minutes' },
    { name: 'bufferAfter', control: 'minutes' },
    { name: 'booking', control: 'booking' },
    { name: 'description', control: 'richText' },
    { name: 'excerpt', control: 'translatedArea' },
    { name: 'slug', control: 'slug' },
  ],
  organizer: [
    { name: 'name', control: 'name' },
    { name: 'status', control: 'status' },
    { name: 'phone', control: 'tel' },
    { name: 'email', control: 'email' },
    { name: 'website', control: 'url' },
    { name: 'image', control: 'url' },
    { name: 'description', control: 'richText' },
    { name: 'excerpt', control: 'translatedArea' },
    { name: 'slug', control: 'slug' },
  ],
  category: [
    { name: 'name', control: 'name' },
    { name: 'parentUuid', control: 'parent' },
    { name: 'color', control: 'color' },
    { name: 'description', control: 'richText' },
    { name: 'slug', control: 'slug' },
  ],
  tag: [
    { name: 'name', control: 'name' },
    { name: 'description', control: 'richText' },
    { name: 'slug', control: 'slug' },
  ],
};

const TRANSLATED: ReadonlySet<FieldControl> = new Set([
  'name',
  'richText',
  'translatedArea',
  'slug',
]);

export const isTranslatedControl = (control: FieldControl) => TRANSLATED.has(control);

/** Which event field links to records of this kind (for "this venue's events"). */
export const EVENT_LINK: Readonly<
  Record<LinkedKind, 'venueUuid' | 'organizerUuids' | 'categoryUuids' | 'tagUuids'>
> = {
  venue: 'venueUuid',
  organizer: 'organizerUuids',
  category: 'categoryUuids',
  tag: 'tagUuids',
};

/** Venues and organizers go to the trash; categories and tags are deleted for good. */
export const hasTrash = (kind: LinkedKind) => kind === 'venue' || kind === 'organizer';
