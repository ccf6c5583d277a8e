/**
 * What a TEC site answers, read loosely: only the keys the sync uses are checked, the rest is
 * let through (a site's plugins add keys). TEC's own answers (tribe/events/v1) carry the event's
 * details; core's `context=edit` answers (wp/v2) carry the raw texts, as stored, and, while a
 * block theme is on, TEC's meta (the cost and website as entered).
 */
import { z } from 'zod';
import { venueFlagEntries } from '#shared/kinds/venue-flags.ts';

const id = z.coerce.number().int().positive();
const linked = z.object({ id }).loose();

export const tecEventWire = z
  .object({
    id,
    status: z.string(),
    modified: z.string(),
    date_utc: z.string(),
    url: z.string().optional(),
    slug: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    timezone: z.string(),
    all_day: z.boolean(),
    cost: z.string().default(''),
    website: z.string().default(''),
    show_map: z.boolean().default(false),
    show_map_link: z.boolean().default(false),
    hide_from_listings: z.boolean().default(false),
    sticky: z.boolean().default(false),
    featured: z.boolean().default(false),
    // TEC answers [] for no venue, the venue's object otherwise.
    venue: z.union([linked, z.array(z.unknown())]).optional(),
    organizer: z.array(linked).default([]),
    categories: z.array(linked).default([]),
    tags: z.array(linked).default([]),
  })
  .loose();

export type TecEventWire = z.infer<typeof tecEventWire>;

const linkedPostWire = {
  id,
  status: z.string(),
  modified: z.string(),
  slug: z.string(),
  website: z.string().default(''),
  phone: z.string().default(''),
};

export const tecVenueWire = z
  .object({
    ...linkedPostWire,
    address: z.string().default(''),
    city: z.string().default(''),
    country: z.string().default(''),
    province: z.string().default(''),
    state: z.string().default(''),
    zip: z.string().default(''),
    stateprovince: z.string().default(''),
    ...venueFlagEntries('tec', (flag) => z.boolean().default(flag.initially)),
  })
  .loose();

export type TecVenueWire = z.infer<typeof tecVenueWire>;

export const tecOrganizerWire = z
  .object({ ...linkedPostWire, email: z.string().default('') })
  .loose();

export type TecOrganizerWire = z.infer<typeof tecOrganizerWire>;

export const tecTermWire = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    description: z.string().default(''),
    parent: z.coerce.number().int().nonnegative().default(0),
  })
  .loose();

export type TecTermWire = z.infer<typeof tecTermWire>;

const rawText = z.object({ raw: z.string().default('') }).loose();

/** Core's `context=edit` post: the raw texts, and TEC's meta where the site exposes it. */
export const corePostWire = z
  .object({
    id,
    modified: z.string(),
    modified_gmt: z.string().optional(),
    status: z.string(),
    title: rawText.optional(),
    content: rawText.optional(),
    excerpt: rawText.optional(),
    /** The post's password (core gives it to a user who may edit the post). */
    password: z.string().optional(),
    meta: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  })
  .loose();

export type CorePostWire = z.infer<typeof corePostWire>;

/** `YYYY-MM-DD HH:MM:SS` from TEC's form or core's (`…T…`). */
export const siteTime = (value: string): string => value.replace('T', ' ').slice(0, 19);

/** A WordPress date that is no date (drafts answer it until their first update). */
export const NO_DATE = '0000-00-00 00:00:00';

/**
 * How close to the answer's time a modified time must be to be unsure: WordPress keeps whole
 * seconds, so a change made in the same second as a read (or just after it, before the answer
 * left) leaves the modified time as it was. A margin of two seconds covers the request's time.
 */
const UNSURE_MS = 2000;

/**
 * A post's version: its modified time (site time: a draft's UTC one may be none), marked `~`
 * while it is too recent to be trusted (`UNSURE_MS`). A marked version never equals a listed one,
 * so the next pass reads the record again, and settles it: a change made in that same second is
 * found then instead of never.
 */
export function postVersion(
  modified: string,
  modifiedGmt: string | undefined,
  answeredAt: number,
): string {
  const version = siteTime(modified);
  const gmt = modifiedGmt ? siteTime(modifiedGmt) : NO_DATE;
  if (gmt === NO_DATE) return version;
  return Date.parse(`${gmt.replace(' ', 'T')}Z`) >= answeredAt - UNSURE_MS
    ? `${version}~`
    : version;
}

/** The version of a post just written: its modified time is now, so unsure (see postVersion). */
export const writtenVersion = (modified: string): string => `${siteTime(modified)}~`;
