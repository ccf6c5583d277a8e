/**
 * Where each kind lives on a TEC site: TEC's route (its answers carry the details) and core's
 * (raw texts, modified_after, deleting for good, terms). Terms are read and written through core
 * only: TEC's term routes refuse an empty description and answer nothing core does not.
 */
import { createHash } from 'node:crypto';
import type { Kind, PostKind } from '#shared/kinds/registry.ts';
import type { View } from '../website/remote.ts';

export const TEC_ROUTE: Readonly<Record<PostKind, string>> = {
  event: 'tribe/events/v1/events',
  venue: 'tribe/events/v1/venues',
  organizer: 'tribe/events/v1/organizers',
};

/** TEC's list key of each kind's page. */
export const TEC_LIST_KEY: Readonly<Record<PostKind, string>> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

export const CORE_ROUTE: Readonly<Record<Kind, string>> = {
  event: 'wp/v2/tribe_events',
  venue: 'wp/v2/tribe_venue',
  organizer: 'wp/v2/tribe_organizer',
  category: 'wp/v2/tribe_events_cat',
  tag: 'wp/v2/tags',
};

/** Every status a post may have, the trash too (TEC refuses `any`; core's `any` leaves out the trash). */
export const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

/** TEC's window that holds every event (1970 is refused: its epoch check). */
export const ALL_TIME = 'start_date=1900-01-01&end_date=2200-12-31';

/**
 * What the sync reads of core's `context=edit` post (tec-wire.ts corePostWire), and only that:
 * WordPress then skips rendering the content (its `the_content` filters), and a page of 100 posts
 * is a third of the whole answer, asked in a third of the site's time (measured 2026-11-27: 175
 * against 489 KB, 117–154 against 380–534 ms). A site older than WordPress 5.3 ignores the nested
 * names and answers whole posts, which read the same.
 */
export const RAW_FIELDS =
  '_fields=id,modified,modified_gmt,status,password,title.raw,content.raw,excerpt.raw,meta';

/** TEC's pages hold at most 50; core's 100. */
export const TEC_PAGE = 50;
export const CORE_PAGE = 100;

/** A term has no modified time: its version is what it says. */
export function termVersion(view: View): string {
  return createHash('sha1').update(JSON.stringify(view)).digest('hex').slice(0, 16);
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
