/**
 * Local records: new ones before the server has seen them, and patches applied the way the
 * server applies them — translatable fields per language ("" removes one), event times
 * recomputed with the server's own rule.
 */
import { statusBeforeTrashAfter, type PostStatus } from '#shared/schemas/common.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { slugsForTrash } from '#shared/text/trashed-slug.ts';
import { isTranslatable, type SyncKind } from '#shared/sync/fields.ts';
import { eventTimesIn, toUtcString } from '#shared/time/datetime.ts';

export type SyncRecord = { uuid: string; rev: number } & Record<string, unknown>;
export type Patch = Readonly<Record<string, unknown>>;

const TIME_FIELDS = ['start', 'end', 'timezone', 'allDay'];

export function applyPatch<R extends SyncRecord>(kind: SyncKind, record: R, patch: Patch): R {
  const next: Record<string, unknown> = { ...record };
  for (const [field, value] of Object.entries(patch)) {
    if (isTranslatable(kind, field) && value && typeof value === 'object') {
      const merged: Multilingual = { ...(record[field] as Multilingual | undefined) };
      for (const [language, text] of Object.entries(value as Multilingual)) {
        if (text) merged[language as keyof Multilingual] = text;
        else delete merged[language as keyof Multilingual];
      }
      next[field] = merged;
    } else {
      next[field] = value;
    }
  }
  // The server's rule for posts, here too. Patches never carry statusBeforeTrash, so without
  // this a restore made before the server answered (or offline) found nothing to go back to.
  if ('status' in patch && 'statusBeforeTrash' in record) {
    const before = record as unknown as {
      status: PostStatus;
      statusBeforeTrash: PostStatus | null;
    };
    next.statusBeforeTrash = statusBeforeTrashAfter(before, patch.status as PostStatus);
    // The trash frees the slugs (`slug__trashed`) and a restore takes them back; the server's
    // answer then says whether one became `-2` (this replica does not see every record).
    next.slug = slugsForTrash(next.slug ?? {}, patch.status === 'trash');
  }
  if (kind === 'event' && TIME_FIELDS.some((field) => field in patch)) {
    const event = next as unknown as CalendarEvent;
    Object.assign(next, eventTimesIn(event.start, event.end, event.timezone, event.allDay));
  }
  return next as R;
}

/** What a record looks like locally before the server answers (it fills the rest in). */
export function blankRecord(kind: SyncKind, uuid: string, now: Date, timezone: string): SyncRecord {
  const stamp = toUtcString(now);
  const meta = { id: 0, uuid, created: stamp, modified: stamp, rev: 0 };
  const texts = { name: {}, description: {}, excerpt: {}, slug: {} };
  const post = {
    ...meta,
    status: 'publish',
    statusBeforeTrash: null,
    author: 1,
    date: stamp,
    password: '',
  };
  switch (kind) {
    case 'event':
      return {
        ...post,
        title: {},
        description: {},
        excerpt: {},
        slug: {},
        start: stamp,
        end: stamp,
        timezone,
        startUtc: stamp,
        endUtc: stamp,
        allDay: false,
        cost: '',
        website: null,
        image: '',
        showMap: true,
        showMapLink: true,
        hideFromListings: false,
        sticky: false,
        featured: false,
        venueUuid: null,
        organizerUuids: [],
        categoryUuids: [],
        tagUuids: [],
        parentUuid: null,
      };
    case 'venue':
      return {
        ...post,
        ...texts,
        ...Object.fromEntries(
          [
            'address',
            'city',
            'country',
            'province',
            'state',
            'zip',
            'phone',
            'stateprovince',
            'website',
            'image',
          ].map((k) => [k, '']),
        ),
        showMap: true,
        showMapLink: true,
      };
    case 'organizer':
      return { ...post, ...texts, phone: '', website: '', email: '', image: '' };
    case 'category':
    case 'tag':
      return { ...meta, taxonomy: kind, name: {}, description: {}, slug: {}, parentUuid: null };
  }
}
