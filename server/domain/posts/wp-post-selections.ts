/**
 * What a `wp/v2` post list selects, kept until the calendar changes: its pages are slices of
 * it and its total is its length. Counting for `X-WP-Total`, then skipping with OFFSET, sorted
 * every selected record twice for each page (at 100k events, 250 ms a page of 100); a site
 * build that reads every page (gatsby-source-wordpress, a static site's fetch loop) now pays
 * once per change, and any page then costs what the first does.
 * An event list leaves out the events that ended before now (TEC's rule), so it changes with
 * the clock too: a selection keeps each event's end, drops those that ended since it was read
 * last, and says until when its pages stay as they are (the response cache keeps them that
 * long). A search is selected anew for each page and not kept: the search index of events a
 * large load wrote is filled in between requests, without a change (list-selections.ts).
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { Database } from '../../store/database.ts';
import {
  selectWpPosts,
  type WpPostFilter,
  type WpPostSelection,
} from '../../store/wp-post-list.sql.ts';
import { perChange } from '../per-change.ts';

/** Ids kept at once over all selections: 4 MB of ids and as much of their ends. */
const MAX_IDS = 1_000_000;

/**
 * A selection, the second it was read for (a clock set back selects again), and the first
 * second at which one of its events will have ended (Infinity: none will).
 */
type Kept = WpPostSelection & { at: number; endsAfter: number };

/** Unix seconds of a UTC `YYYY-MM-DD HH:MM:SS`. */
const secondsOf = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000;

function keptOf(selection: WpPostSelection, at: number): Kept {
  let soonest = Infinity;
  for (const end of selection.ends ?? []) if (end < soonest) soonest = end;
  // An event is listed while its end is at or after now: it leaves one second past its end.
  return { ...selection, at, endsAfter: soonest + 1 };
}

/** The selection less the events that ended before `now` (Unix seconds). */
function stillGoing(kept: Kept, now: number): Kept {
  const { ids, ends } = kept;
  if (!ends || now < kept.endsAfter) return kept;
  const going = new Int32Array(ids.length);
  const goingEnds = new Int32Array(ids.length);
  let count = 0;
  for (let index = 0; index < ids.length; index++)
    if (ends[index]! >= now) {
      going[count] = ids[index]!;
      goingEnds[count++] = ends[index]!;
    }
  return keptOf({ ids: going.slice(0, count), ends: goingEnds.slice(0, count) }, now);
}

/** A page of a list: its ids, the list's total, and until when both stay so without a change. */
type WpPostPage = { ids: number[]; total: number; until: Date | undefined };

export function createWpPostSelections(db: Database, changes: Pick<ChangeLog, 'latest'>) {
  const selections = perChange<Kept>(
    () => changes.latest(),
    MAX_IDS,
    (kept) => kept.ids.length + 1,
  );

  /** The filter's selection as of now: kept, brought up to the clock, or read and kept. */
  function selectionOf(filter: WpPostFilter): Kept {
    const { endedBefore, ...rest } = filter;
    const now = endedBefore === undefined ? 0 : secondsOf(endedBefore);
    if (filter.search) return keptOf(selectWpPosts(db, filter), now);
    const key = JSON.stringify({ ...rest, ended: endedBefore !== undefined });
    const made = selections.peek(key);
    const kept =
      made && now >= made.at ? stillGoing(made, now) : keptOf(selectWpPosts(db, filter), now);
    return kept === made ? made : selections.keep(key, kept);
  }

  return {
    /** One page of what `filter` selects. */
    page(filter: WpPostFilter, page: { limit: number; offset: number }): WpPostPage {
      const kept = selectionOf(filter);
      const ids = kept.ids.subarray(page.offset, page.offset + page.limit);
      const until = Number.isFinite(kept.endsAfter) ? new Date(kept.endsAfter * 1000) : undefined;
      return { ids: Array.from(ids), total: kept.ids.length, until };
    },
  };
}
