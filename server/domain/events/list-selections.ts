/**
 * What an event list selects, kept between requests: the events a filter selects
 * change only with a write. Its pages are kept, and its total for all of them: counting was
 * most of an uncached list's time at 100k events (the 40k events of the default window, 5 ms),
 * and reading a page the most of what was left.
 * A filter asked again after a change, a second page deeper than `DEEP` events in one change,
 * and a search keep the selection's ids in start order: a crawl to the last page then reads no
 * more than its first (skipping with OFFSET walks past every earlier event: 2 ms at page 1,500
 * of the default window at 100k, ten times that at 1M), and a search matches its words once.
 * The first deep page of a filter in a change is read with OFFSET over the covering index
 * instead (migration 0009), from the nearer end of the list: it walks at most half the events
 * the count its total needs walks, where selecting them all took three times the count
 * (docs/decisions.md, "Any page of a list costs what its first does").
 * A selection outlives a change that wrote only a few events (staff editing while a website
 * build reads): those events leave it and, where the filter selects them now, go back in at
 * their place in start order. Anything else (a venue, an organizer or a term written, many
 * events at once) drops every selection. A search's is dropped at every change: the search
 * index of events a large load wrote is filled in between requests, without a change.
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { EventFilter, EventsRepo, StartKey } from '../../store/events.repo.ts';
import { carryThroughEventWrites, forgetEventWrites, perChange } from '../per-change.ts';

/** Events from which a page is read from the kept ids instead of with OFFSET. */
const DEEP = 1000;
/** Distinct filters whose totals are kept at once, and pages. */
const MAX_TOTALS = 500;
const MAX_PAGES = 5000;
/** Ids kept at once over all selections: 8 MB. */
const MAX_IDS = 2_000_000;
/** Selections brought up to date after a change (the most recently kept); the rest go. */
const MAX_CARRIED_SELECTIONS = 32;
/** Events' start keys kept for placing written events (about 17 for each of a selection's). */
const MAX_STARTS = 4096;

type ListRepo = Pick<
  EventsRepo,
  'count' | 'page' | 'select' | 'indexedMatches' | 'keysAmong' | 'startKeyOf'
>;

/** Whether `a` comes before `b` in start order. */
const before = (a: StartKey, b: StartKey) =>
  a.start < b.start || (a.start === b.start && a.id < b.id);

/** `ids` less `gone`, found with indexOf (native) instead of a callback for each of 40k ids. */
function without(ids: Int32Array, gone: ReadonlySet<number>): Int32Array {
  const places = [...gone]
    .map((id) => ids.indexOf(id))
    .filter((place) => place >= 0)
    .sort((a, b) => a - b);
  if (places.length === 0) return ids;
  const result = new Int32Array(ids.length - places.length);
  let from = 0;
  let written = 0;
  for (const place of places) {
    result.set(ids.subarray(from, place), written);
    written += place - from;
    from = place + 1;
  }
  result.set(ids.subarray(from), written);
  return result;
}

/**
 * `ids` (in start order) as the filter selects them now that `touched` were written: those
 * leave, and those the filter selects now go in at their place (found by halving, reading one
 * start per step).
 */
function carried(
  events: Pick<ListRepo, 'keysAmong' | 'startKeyOf'>,
  filter: EventFilter,
  ids: Int32Array,
  touched: ReadonlySet<number>,
): Int32Array {
  const staying = without(ids, touched);
  const entering = events.keysAmong(filter, [...touched]);
  if (entering.length === 0) return staying;
  const result = new Int32Array(staying.length + entering.length);
  let from = 0;
  let written = 0;
  for (const key of entering) {
    let low = from;
    let high = staying.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const there = events.startKeyOf(staying[middle]!);
      if (there && before(there, key)) low = middle + 1;
      else high = middle;
    }
    result.set(staying.subarray(from, low), written);
    written += low - from;
    result[written++] = key.id;
    from = low;
  }
  result.set(staying.subarray(from), written);
  return result;
}

export function createListSelections(
  changes: Pick<ChangeLog, 'latest' | 'eventsTouchedSince'>,
  events: ListRepo,
  /** Ids kept at once, in all selections (tests give fewer). */
  maxIds = MAX_IDS,
) {
  const totals = perChange<number>(() => changes.latest(), MAX_TOTALS);
  const pages = perChange<number[]>(() => changes.latest(), MAX_PAGES);
  /**
   * The start keys a placement reads, kept as the events' JSON is: the halving steps of one
   * selection meet the same events at every write near the same place (a profile of staff
   * creating events while the first page is read: 17 statements, 0.2 ms, a write).
   */
  const starts = perChange<StartKey | null>(() => changes.latest(), MAX_STARTS, undefined, {
    carry: forgetEventWrites(changes),
  });
  const placing = {
    keysAmong: events.keysAmong,
    startKeyOf: (id: number) =>
      starts.get(String(id), () => events.startKeyOf(id) ?? null) ?? undefined,
  };
  const selections = perChange<Int32Array>(
    () => changes.latest(),
    maxIds,
    (ids) => ids.length + 1,
    {
      carry: carryThroughEventWrites(changes, (touched) => (key, ids) => {
        const filter = JSON.parse(key) as EventFilter;
        return filter.search ? undefined : carried(placing, filter, ids, touched);
      }),
      carryAtMost: MAX_CARRIED_SELECTIONS,
    },
  );
  /**
   * What a search selects: the selection of its filter without the search (kept, and the same
   * as that list's), less what the index does not match. Joining each match to its event row
   * and sorting took 230 of a common word's 320 ms at 1M events.
   */
  const searched = (filter: EventFilter): Int32Array => {
    const { search, ...unsearched } = filter;
    const matched = search && events.indexedMatches(search);
    if (!matched) return events.select(filter);
    // Kept again as the newest: every search reads it, and the searches' own selections must
    // not push it out (at 1M events, about 25 searches would, and each after them would select
    // the 400k events of the window again).
    const key = JSON.stringify(unsearched);
    const listed = selections.keep(key, selections.peek(key) ?? events.select(unsearched));
    // A loop, not filter(): no call per listed event (400k at 1M). Ids above the highest
    // post's read as undefined: not matched.
    const selected = new Int32Array(listed.length);
    let count = 0;
    for (const id of listed) if (matched[id] === 1) selected[count++] = id;
    return selected.slice(0, count);
  };
  /** Filters that asked a deep page in this change: a second one keeps their selection. */
  const deepAsked = perChange<true>(() => changes.latest(), MAX_TOTALS);
  const deepBefore = (key: string) =>
    deepAsked.peek(key) !== undefined || (deepAsked.keep(key, true), false);
  /** Filters asked before (at any change): asked again, their selection is kept. */
  const asked = new Set<string>();
  const askedBefore = (key: string) => {
    if (asked.has(key)) return true;
    if (asked.size >= MAX_TOTALS) asked.delete(asked.values().next().value!);
    asked.add(key);
    return false;
  };
  return {
    /** One page of what `filter` selects, and how many it selects in all. */
    page(filter: EventFilter, page: { limit: number; offset: number }) {
      const key = JSON.stringify(filter);
      const pageKey = `${page.offset},${page.limit},${key}`;
      const total = totals.peek(key);
      const known = total === undefined ? undefined : pages.peek(pageKey);
      const kept =
        selections.peek(key) ??
        (filter.search
          ? selections.keep(key, searched(filter))
          : known === undefined &&
              ((total === undefined && askedBefore(key)) ||
                (page.offset >= DEEP && deepBefore(key)))
            ? selections.keep(key, events.select(filter))
            : undefined);
      if (kept) {
        const ids = kept.subarray(page.offset, page.offset + page.limit);
        return { ids: Array.from(ids), total: kept.length };
      }
      const counted = total ?? totals.keep(key, events.count(filter));
      return {
        ids: known ?? pages.keep(pageKey, events.page(filter, page, counted)),
        total: counted,
      };
    },
  };
}
