/**
 * Pieces every record schema is built from: statuses, the record metadata that sync and
 * backups rely on (uuid, rev), and the date-time string format used on the wire and in the store.
 */
import { z } from 'zod';
import { MAX_SLUG_LENGTH, toSlug } from '../text/slug.ts';
import { TRASHED_EXTRA_LENGTH, untrashedSlug } from '../text/trashed-slug.ts';
import { isValidEventTimeZone, isValidTimeZone } from '../time/datetime.ts';

export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

/** Every status but the trash: "any status" in filters, exports and status pickers. */
export const UNTRASHED_STATUSES = POST_STATUSES.filter((status) => status !== 'trash');

/**
 * The status to go back to when a post leaves the trash, after it moves from `before` to
 * `status`: remembered going in, kept while it stays, forgotten coming out (WordPress's
 * _wp_trash_meta_status). The server and the offline replica both apply it.
 */
export function statusBeforeTrashAfter(
  before: { status: PostStatus; statusBeforeTrash: PostStatus | null },
  status: PostStatus,
): PostStatus | null {
  if (status !== 'trash') return null;
  return before.status === 'trash' ? before.statusBeforeTrash : before.status;
}

export const ROLES = ['admin', 'editor', 'author', 'contributor'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** `YYYY-MM-DD HH:MM:SS`, the format of every date in TEC records and in our store. */
export const dateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must look like YYYY-MM-DD HH:MM:SS');

/** Metadata of every record of every kind. `created`/`modified` are UTC. */
export const recordMetaSchema = z.object({
  id: z.int().positive(),
  uuid: z.uuid(),
  created: dateTimeSchema,
  modified: dateTimeSchema,
  /** The change sequence number of the record's last accepted write. */
  rev: z.int().nonnegative(),
});

/** Events, venues and organizers are WordPress posts: they also have a status, an author, a date. */
export const postMetaSchema = recordMetaSchema.extend({
  status: postStatusSchema,
  /** Status the record had before it went to the trash, so a restore can put it back. */
  statusBeforeTrash: postStatusSchema.nullable(),
  author: z.int().positive(),
  /** Publication date (WordPress `post_date_gmt`), UTC. */
  date: dateTimeSchema,
  password: z.string().max(255),
});

/** An http(s) URL, or "" for none. */
export const urlOrEmptySchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || isHttpUrl(value), 'must be an http(s) URL or empty');

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * A slug as stored: exactly what `toSlug` makes of itself; a trashed post's with the trash's
 * suffix after it (`slug__trashed`, text/trashed-slug.ts).
 */
export const slugSchema = z
  .string()
  .max(MAX_SLUG_LENGTH + TRASHED_EXTRA_LENGTH)
  .refine((value) => {
    const live = untrashedSlug(value);
    return live !== '' && toSlug(live) === live;
  }, 'must be a slug (lower-case letters, digits and dashes)');

/** An IANA time zone name (Europe/Berlin, America/New_York, UTC). */
export const timeZoneSchema = z.string().refine(isValidTimeZone, 'must be an IANA time zone');

/** An event's zone: an IANA name, or a UTC offset as WordPress offers them ("UTC+2", "+02:00"). */
export const eventTimeZoneSchema = z
  .string()
  .refine(
    isValidEventTimeZone,
    'must be an IANA time zone or a UTC offset (UTC+2, UTC-3:30, +02:00)',
  );
